import { Box, Card, CardContent } from '@mui/material';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { PageHeader } from '../lists/ListParts';
import { AnalyticsResults, loadDailyChart } from './AnalyticsResults';
import { checkView } from './analyticsView';
import { ProgramField } from './ProgramField';
import { RangeFields } from './RangeFields';
import { useAnalytics } from './useAnalytics';
import { useAnalyticsView } from './useAnalyticsView';
import { useRangeDraft } from './useRangeDraft';

/**
 * /analytics: delivery and consent figures over a range of Los Angeles days, for every program or
 * one, from one request (GET /api/analytics). The range and program live in the address; a range
 * the API would refuse says why beside its dates and asks nothing.
 */
export default function AnalyticsPage() {
  const t = useMessages();
  const [view, show] = useAnalyticsView();
  const range = useRangeDraft(view.from, view.to);
  const check = checkView(range.dates.from, range.dates.to, view.programId);
  const result = useAnalytics(check.ok ? check.query : null);
  // The chart's code comes while the figures are asked for, not after them.
  useEffect(() => void loadDailyChart().catch(() => undefined), []);

  const changeDate = (field: 'from' | 'to', date: Dayjs | null) => {
    const dates = range.change(field, date);
    // A valid range goes to the address (and is asked for); the program is checked apart.
    if (checkView(dates.from, dates.to, null).ok) show({ from: dates.from!, to: dates.to! });
  };

  return (
    <>
      <PageHeader title={t('analytics.title')} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <RangeFields
              from={range.draft.from}
              to={range.draft.to}
              fromError={check.ok ? undefined : check.fromError}
              toError={check.ok ? undefined : check.toError}
              onChange={changeDate}
            />
            <ProgramField
              programId={view.programId}
              onChange={(programId) => show({ programId })}
            />
          </Box>
          {!check.ok && <ErrorBanner message={check.programError} sx={{ mt: 2, mb: 0 }} />}
        </CardContent>
      </Card>
      {check.ok && <AnalyticsResults query={check.query} result={result} />}
    </>
  );
}
