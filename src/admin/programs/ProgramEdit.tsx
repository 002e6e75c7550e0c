import { useMemo, useState } from 'react';
import { EditBase, useEditContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { messages } from '../../shared/messages';
import type { Program } from '../../shared/responses/programs';
import { RecordLoadError } from '../forms/RecordLoadError';
import { useSaveOutcome } from '../forms/useSaveOutcome';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { recordErrorMessage } from '../lists/listErrors';
import { ProgramForm } from './form/ProgramForm';
import { programToFormValues } from './form/programFormValues';
import { saveErrorMessage } from './form/saveError';
import { DeliveriesPanel } from './DeliveriesPanel';
import { ProgramStatusActions, usePauseResume } from './ProgramStatusActions';

/** The newer of the loaded program and the one a pause or resume returned. */
function newest(loaded: Program, changed: Program | null): Program {
  return changed && changed.id === loaded.id && changed.updatedAt >= loaded.updatedAt
    ? changed
    : loaded;
}

function ProgramEditView({
  error,
  onDismissError,
}: {
  error: string | null;
  onDismissError: () => void;
}) {
  const t = useMessages();
  const { record, isPending, error: loadError } = useEditContext<Program>();
  const [changed, setChanged] = useState<Program | null>(null);
  const values = useMemo(() => (record ? programToFormValues(record) : null), [record]);
  const program = record ? newest(record, changed) : undefined;
  const pauseResume = usePauseResume(setChanged);
  if (isPending) return <LoadingPage label={t('programs.loading')} />;
  if (loadError || !program || !values) {
    return (
      <RecordLoadError
        title={t('programs.editTitle')}
        message={recordErrorMessage(loadError, messages.programs.errors)}
        backTo="/programs"
        backLabel={t('programs.back')}
      />
    );
  }
  return (
    <>
      <ProgramForm
        mode="edit"
        values={values}
        program={program}
        error={error}
        onDismissError={onDismissError}
        headerAction={
          <ProgramStatusActions
            program={program}
            run={pauseResume.run}
            isPending={pauseResume.isPending}
          />
        }
        notices={pauseResume.banners}
      />
      <DeliveriesPanel program={program} />
    </>
  );
}

/** /programs/{id} and /programs/edit/{id}: the program form, its status, pause and resume. */
export default function ProgramEdit() {
  const t = useMessages();
  const { id } = useParams();
  const { mutationOptions, error, dismissError } = useSaveOutcome({
    resource: 'programs',
    success: () => t('programs.updated'),
    failure: (e) => saveErrorMessage('edit', e),
  });
  return (
    <EditBase
      resource="programs"
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      // The view shows load failures itself, with 'Back to Programs'.
      queryOptions={{ onError: () => undefined, retry: false }}
      mutationOptions={mutationOptions}
    >
      <ProgramEditView error={error} onDismissError={dismissError} />
    </EditBase>
  );
}
