import { useState } from 'react';
import { CreateBase } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '../i18n';
import { successState } from '../lists/SuccessBanner';
import { ProgramForm } from './form/ProgramForm';
import { newProgramDraft } from './form/programFormValues';
import { saveErrorMessage } from './form/saveError';

const DRAFT = newProgramDraft();

/** /programs/create: a new Standard program in Los Angeles time. */
export default function ProgramCreate() {
  const t = useMessages();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  return (
    <CreateBase
      resource="programs"
      mutationOptions={{
        onSuccess: () => navigate('/programs', successState(t('programs.created'))),
        onError: (e: unknown) => setError(saveErrorMessage('create', e)),
      }}
    >
      <ProgramForm mode="create" values={DRAFT} error={error} onErrorChange={setError} />
    </CreateBase>
  );
}
