import { CreateBase } from 'react-admin';
import { useSaveOutcome } from '../forms/useSaveOutcome';
import { useMessages } from '../i18n';
import { ProgramForm } from './form/ProgramForm';
import { newProgramDraft } from './form/programFormValues';
import { saveErrorMessage } from './form/saveError';

const DRAFT = newProgramDraft();

/** /programs/create: a new Standard program in Los Angeles time. */
export default function ProgramCreate() {
  const t = useMessages();
  const { mutationOptions, error, dismissError } = useSaveOutcome({
    resource: 'programs',
    success: () => t('programs.created'),
    failure: (e) => saveErrorMessage('create', e),
  });
  return (
    <CreateBase resource="programs" mutationOptions={mutationOptions}>
      <ProgramForm mode="create" values={DRAFT} error={error} onDismissError={dismissError} />
    </CreateBase>
  );
}
