import { Box, Skeleton } from '@mui/material';
import { messages } from '../../shared/messages';
import { useMessages } from '../i18n';
import { LoadError } from '../lists/LoadError';
import { NewReplies } from './NewReplies';
import { RecentFailures } from './RecentFailures';
import { RunningPrograms } from './RunningPrograms';
import { TodayFigures } from './TodayFigures';
import { useDashboard } from './useDashboard';

const LOAD_FAILED = { fetch: messages.dashboard.loadFailed, load: messages.dashboard.loadFailed };

const PANELS = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 };

/** Grey shapes where the figures will be, named for assistive technology. */
function FiguresLoading() {
  const t = useMessages();
  return (
    <Box role="status" aria-busy="true" aria-label={t('dashboard.loading')}>
      <Skeleton variant="text" width={240} height={32} />
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}
      >
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={112} />
        ))}
      </Box>
      <Box sx={{ ...PANELS, mt: 3 }}>
        <Skeleton variant="rounded" height={220} />
        <Skeleton variant="rounded" height={220} />
      </Box>
    </Box>
  );
}

/**
 * Today's figures, the running programs and the recent failures, from one request; beside them
 * the inbox's newest replies, from its own. The page
 * around it (greeting, shortcuts, Send Test MMS) never waits for it. A failed refresh keeps the
 * figures already shown, under the error and its 'Try Again'.
 */
export function DashboardFigures() {
  const { data, error, isPending, isFetching, refetch } = useDashboard();
  return (
    <>
      {error && (
        <LoadError error={error} texts={LOAD_FAILED} onRetry={refetch} retrying={isFetching} />
      )}
      {isPending && <FiguresLoading />}
      {data && (
        <>
          <TodayFigures today={data.today} />
          <Box sx={PANELS}>
            <NewReplies />
            <RunningPrograms running={data.runningPrograms} />
            <RecentFailures failures={data.recentFailures} />
          </Box>
        </>
      )}
    </>
  );
}
