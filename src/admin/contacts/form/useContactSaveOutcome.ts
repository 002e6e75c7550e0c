import type { ContactFormMode, ContactFormValues } from '../../../shared/contact';
import { useSaveOutcome } from '../../forms/useSaveOutcome';
import { useMessages } from '../../i18n';
import { saveErrorMessage, saveSuccessMessage, type SavedContact } from './saveOutcome';

/** The contact screens' save outcome: the success text names the messages the server queued. */
export function useContactSaveOutcome(mode: ContactFormMode) {
  const t = useMessages();
  return useSaveOutcome<SavedContact, ContactFormValues>({
    resource: 'contacts',
    success: (saved, values) => saveSuccessMessage(t, mode, saved, values),
    failure: (error) => saveErrorMessage(t, mode, error),
  });
}
