import { useState } from 'react';
import { CreateBase } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '../i18n';
import { useSuccessNotice } from '../lists/useSuccessNotice';
import { ProgramForm } from './form/ProgramForm';
import { newProgramDraft } from './form/programFormValues';
import { saveErrorMessage } from './form/saveError';

const DRAFT = newProgramDraft();

/** /programs/create: a new Standard program in Los Angeles time. */
export default function ProgramCreate() {
  const t = useMessages();
  const navigate = useNavigate();
  const notice = useSuccessNotice();
  const [error, setError] = useState<string | null>(null);
  return (
    <CreateBase
      resource="programs"
      mutationOptions={{
        onSuccess: () => {
          notice(t('programs.created'));
          navigate('/programs');
        },
        onError: (e: unknown) => setError(saveErrorMessage('create', e)),
      }}
    >
      <ProgramForm mode="create" values={DRAFT} error={error} onErrorChange={setError} />
    </CreateBase>
  );
}
