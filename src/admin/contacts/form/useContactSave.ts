import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLogoutIfAccessDenied, type Identifier } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ContactFormMode, ContactFormValues } from '../../../shared/contact';
import { toContactPayload } from '../../../shared/validation/contact';
import { useMessages } from '../../i18n';
import { successState } from '../../lists/SuccessBanner';
import { httpClient } from '../../providers/httpClient';
import { session } from '../../providers/session';
import {
  saveErrorMessage,
  saveSuccessMessage,
  serverFieldErrors,
  type ContactSaveResponse,
} from './saveOutcome';

/**
 * Sends the contact form: POST /api/contacts or PUT /api/contacts/{id} with the write shape of
 * spec section 3, then back to /contacts with the success text. The call is made here rather than
 * through the data provider because the success text depends on `optinMessageSent` and
 * `welcomeEmailSent`, which the data provider drops when it unwraps `contact`.
 *
 * Returns the submit handler for react-admin's `<Form onSubmit>`: on failure it resolves to the
 * server's field errors, which the form shows beside each field, and the banner gets the text.
 */
export function useContactSave(mode: ContactFormMode, id?: Identifier) {
  const t = useMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [error, setError] = useState<string | null>(null);

  async function save(values: ContactFormValues) {
    setError(null);
    if (!session.getToken()) {
      setError(t('auth.noTokenSubmit'));
      return undefined;
    }
    try {
      const path = mode === 'create' ? '/contacts' : `/contacts/${encodeURIComponent(String(id))}`;
      const { json } = await httpClient(path, {
        method: mode === 'create' ? 'POST' : 'PUT',
        body: JSON.stringify(toContactPayload(values, mode)),
      });
      // The list and this contact's cached copy are out of date; they refetch when next shown.
      void queryClient.invalidateQueries({ queryKey: ['contacts'], refetchType: 'none' });
      const text = saveSuccessMessage(t, mode, json as ContactSaveResponse, values);
      navigate('/contacts', successState(text));
      return undefined;
    } catch (e) {
      // A 401 signs the user out, as it does for the data provider's calls.
      if (await logoutIfAccessDenied(e)) return undefined;
      setError(saveErrorMessage(t, mode, e));
      return serverFieldErrors(e);
    }
  }

  return { save, error, dismissError: () => setError(null) };
}
