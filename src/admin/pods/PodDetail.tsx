import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { HttpError, useGetOne } from 'react-admin';
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
import { useRefreshPod } from './podQueries';

/** Counts as en-US shows them: 5,000. */
const COUNT = new Intl.NumberFormat('en-US');

/** /pods/{id}: the pod, the programs that send to it, and its active members. */
export default function PodDetail() {
  const t = useMessages();
  const id = String(useParams().id);
  // react-admin's own cache of the pod (GET /api/pods/{id}?members=none). A 404 is an answer, not
  // a hiccup: 'Pod not found' at once.
  const { data: pod, error } = useGetOne<Pod>('pods', { id }, { retry: false });
  if (error) {
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
  // No pod yet, or only the row a pods list (or a program's pods input) left in that cache, which
  // has no programs: the page waits for the pod's own answer rather than say it has none.
  if (!pod?.programs) return <LoadingPage label={t('pods.loading')} />;
  // Keyed by pod: another pod's page starts with its own paging, dialogs and banners.
  return <PodDetailView key={pod.id} pod={pod} />;
}

function PodDetailView({ pod }: { pod: Pod }) {
  const t = useMessages();
  const refresh = useRefreshPod();
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
      <PodPrograms programs={pod.programs} />
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
