import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { HttpError } from 'react-admin';
import { useParams } from 'react-router-dom';
import { TIMINGS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import type { PodDetail as Pod, PodMembersAddResult } from '../../shared/responses/pods';
import { RecordLoadError } from '../forms/RecordLoadError';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { ErrorBanner } from '../lists/ErrorBanner';
import { recordErrorMessage } from '../lists/listErrors';
import { useSuccessNotice } from '../lists/useSuccessNotice';
import { AddMembersDialog } from './AddMembersDialog';
import { EditPodDialog } from './EditPodDialog';
import { PodHeader } from './PodHeader';
import { PodMembersTable } from './PodMembersTable';
import { PodPrograms } from './PodPrograms';
import { usePod, useRefreshPod } from './podQueries';

/** Counts as en-US shows them: 5,000. */
const COUNT = new Intl.NumberFormat('en-US');

/** /pods/{id}: the pod, the programs that send to it, and its active members. */
export default function PodDetail() {
  const t = useMessages();
  const id = String(useParams().id);
  const { data: pod, error, isPending } = usePod(id);
  if (isPending) return <LoadingPage label={t('pods.loading')} />;
  if (error || !pod) {
    const notFound = error instanceof HttpError && error.status === 404;
    return (
      <RecordLoadError
        title={t('pods.title')}
        message={notFound ? t('pods.notFound') : recordErrorMessage(error, messages.pods.errors)}
        backTo="/pods"
        backLabel={t('pods.back')}
      />
    );
  }
  // Keyed by pod: another pod's page starts with its own paging, dialogs and banners.
  return <PodDetailView key={pod.id} pod={pod} />;
}

function PodDetailView({ pod }: { pod: Pod }) {
  const t = useMessages();
  const refresh = useRefreshPod(pod.id);
  const notice = useSuccessNotice();
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);

  // Each action's outcome replaces the banners of the one before; pod actions' last 3 s.
  const succeeded = (text: string) => {
    setError(null);
    notice(text, TIMINGS.podBannerMs);
  };

  const membersAdded = (result: PodMembersAddResult) => {
    setAdding(false);
    void refresh();
    succeeded(t('pods.membersAdded', { count: result.added + result.reactivated }));
    if (result.notAdded.length > 0) {
      const names = result.notAdded.map((contact) => contact.name || contact.userId).join(', ');
      setError(t('pods.notAddedNamed', { names }));
    }
  };

  return (
    <>
      <PodHeader pod={pod} onEdit={() => setEditing(true)} onAddMembers={() => setAdding(true)} />
      <ErrorBanner message={error} onClose={() => setError(null)} />
      <PodPrograms programs={pod.programs ?? []} />
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              {t('pods.members')}
            </Typography>
            <Chip size="small" label={COUNT.format(pod.activeMemberCount)} />
          </Stack>
        </CardContent>
        <PodMembersTable
          podId={pod.id}
          onRemoved={() => {
            void refresh();
            succeeded(t('pods.memberRemoved'));
          }}
          onError={setError}
        />
      </Card>
      {editing && (
        <EditPodDialog
          pod={pod}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            succeeded(t('pods.updated', { name: saved.podName }));
          }}
        />
      )}
      {adding && (
        <AddMembersDialog podId={pod.id} onClose={() => setAdding(false)} onAdded={membersAdded} />
      )}
    </>
  );
}
