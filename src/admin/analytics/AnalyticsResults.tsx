import { Box, CircularProgress, LinearProgress, Skeleton, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { AnalyticsQuery } from '../../shared/analytics';
import type {
  AnalyticsClicks,
  AnalyticsDay,
  AnalyticsResponse,
} from '../../shared/responses/figures';
import { messages } from '../../shared/messages';
import { formatDay } from '../format';
import { useMessages } from '../i18n';
import { LoadError } from '../lists/LoadError';
import { PanelCard } from '../lists/PanelCard';
import { FailureTable } from './FailureTable';
import { CARD_COUNT, cardGrid, FigureCards } from './FigureCards';
import { LinksPanel } from './LinksPanel';
import { ProgramsPanel } from './ProgramsPanel';

/**
 * The chart library is most of this screen's code: its chunk is fetched when the screen opens (see
 * AnalyticsPage), not with the other screens in the background of every visit.
 */
export const loadDailyChart = () => import('./DailyChart');
const DailyChart = lazy(loadDailyChart);

const quiet = (day: AnalyticsDay) => day.sent === 0 && day.delivered === 0 && day.failed === 0;

/** The people who opened a link each day, when some message of the range carried one. */
function clickedPerDay(days: readonly AnalyticsDay[], clicks: AnalyticsClicks) {
  if (clicks.totals.messages === 0) return null;
  const byDate = new Map(clicks.days.map((day) => [day.date, day.clicked]));
  return days.map((day) => byDate.get(day.date) ?? 0);
}

/** The chart, or where no message went out, a sentence that says so instead of a flat line. */
function DailyFigures({
  days,
  clicks,
}: {
  days: readonly AnalyticsDay[];
  clicks: AnalyticsClicks;
}) {
  const t = useMessages();
  if (days.every(quiet)) {
    return <Typography color="text.secondary">{t('analytics.chart.empty')}</Typography>;
  }
  return (
    <Suspense fallback={<CircularProgress size={24} aria-label={t('analytics.loading')} />}>
      <DailyChart days={days} clicked={clickedPerDay(days, clicks)} />
    </Suspense>
  );
}

/** While the first figures come: the cards' places, and a progress bar that says what it is. */
function Loading() {
  const t = useMessages();
  return (
    <Box aria-busy="true">
      <LinearProgress aria-label={t('analytics.loading')} sx={{ mb: 2 }} />
      <Box aria-hidden sx={cardGrid}>
        {Array.from({ length: CARD_COUNT }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={120} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * The figures of one valid view: loading, the error with 'Try Again', or the cards, the chart and
 * the three tables. The last figures stay, dimmed under a progress bar, while the next ones come.
 */
export function AnalyticsResults({
  query,
  result,
}: {
  query: AnalyticsQuery;
  result: UseQueryResult<AnalyticsResponse>;
}) {
  const t = useMessages();
  const { data, error, isFetching, isPlaceholderData, refetch } = result;
  if (error && !isPlaceholderData) {
    return (
      <LoadError
        error={error}
        texts={{ fetch: messages.analytics.fetchFailed, load: messages.analytics.loadFailed }}
        onRetry={refetch}
        retrying={isFetching}
      />
    );
  }
  if (!data) return <Loading />;
  return (
    <Box aria-busy={isPlaceholderData}>
      {isPlaceholderData && <LinearProgress aria-label={t('analytics.loading')} sx={{ mb: 1 }} />}
      <Box sx={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('analytics.scope', { from: formatDay(query.from), to: formatDay(query.to) })}
          {query.programId && ` ${t('analytics.programScope')}`}
        </Typography>
        <FigureCards totals={data.totals} clicks={data.clicks.totals} />
        <PanelCard title={t('analytics.chart.title')} sx={{ mt: 2 }}>
          <DailyFigures days={data.days} clicks={data.clicks} />
        </PanelCard>
        <PanelCard title={t('analytics.failures.title')} sx={{ mt: 2 }}>
          <FailureTable failures={data.failures} programId={query.programId ?? null} />
        </PanelCard>
        <ProgramsPanel programs={data.programs} clicks={data.clicks.programs} query={query} />
        <LinksPanel programDays={data.clicks.programDays} query={query} />
      </Box>
    </Box>
  );
}
