import { HttpError } from 'react-admin';
import type { ContactFormMode, ContactFormValues } from '../../../shared/contact';
import type { ApiUser } from '../../../shared/types';
import type { useMessages } from '../../i18n';
import { serverMessage } from '../../providers/httpClient';

type Translate = ReturnType<typeof useMessages>;

/** What POST /api/contacts (201) and PUT /api/contacts/{id} answer (spec section 7). */
export interface ContactSaveResponse {
  contact?: ApiUser;
  optinMessageSent?: boolean;
  welcomeEmailSent?: boolean;
}

/**
 * 'Contact {first} {last} created successfully!' (or updated), plus a sentence for each message
 * the server says it queued. The names are the server's, as stored (trimmed), when it returns them.
 */
export function saveSuccessMessage(
  t: Translate,
  mode: ContactFormMode,
  response: ContactSaveResponse,
  values: ContactFormValues,
): string {
  const names = {
    first: response.contact?.profile?.firstName ?? values.firstName.trim(),
    last: response.contact?.profile?.lastName ?? values.lastName.trim(),
  };
  let text = t(mode === 'create' ? 'contacts.created' : 'contacts.updated', names);
  // `…Sent` is the spec's name for "put in the outbox in the same transaction" (see the README).
  if (response.optinMessageSent) text += t('contacts.optinQueued');
  if (response.welcomeEmailSent) text += t('contacts.welcomeQueued');
  return text;
}

/**
 * Spec section 8: the server's text when it gave one, the screen's fallback when it answered
 * without one, and the network text when no answer came at all.
 */
export function saveErrorMessage(t: Translate, mode: ContactFormMode, error: unknown): string {
  if (!(error instanceof HttpError)) return t('contacts.errors.networkSubmit');
  return serverMessage(
    error,
    t(mode === 'create' ? 'contacts.errors.create' : 'contacts.errors.update'),
  );
}

/** The server's validation `details`, shaped like the form, to show beside each field. */
export function serverFieldErrors(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors;
  return errors && Object.keys(errors).length > 0 ? errors : undefined;
}
