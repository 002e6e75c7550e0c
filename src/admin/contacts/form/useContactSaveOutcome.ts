import type { ContactFormMode, ContactFormValues } from '../../../shared/contact';
import { useSaveOutcome } from '../../forms/useSaveOutcome';
import { useMessages } from '../../i18n';
import { useSimulation } from '../../simulation/useSimulation';
import { saveErrorMessage, saveSuccessMessage, type SavedContact } from './saveOutcome';

/** The contact screens' save outcome: the success text names the messages the server queued. */
export function useContactSaveOutcome(mode: ContactFormMode) {
  const t = useMessages();
  const simulation = useSimulation();
  return useSaveOutcome<SavedContact, ContactFormValues>({
    resource: 'contacts',
    success: (saved, values) => saveSuccessMessage(t, mode, saved, values, simulation),
    failure: (error) => saveErrorMessage(t, mode, error),
  });
}
