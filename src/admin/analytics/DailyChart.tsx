import { Box, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AnalyticsDay } from '../../shared/responses/figures';
import { formatDay, formatDayOfMonth } from '../format';
import { useMessages } from '../i18n';

/**
 * Sent, delivered and failed per day, in the theme's colours for each (the sea-blue of the console
 * for sent), and the messages whose tracked link was opened when `clicked` has them (by the day
 * they were sent, as the others). Its own chunk: the chart library is most of the screen's code.
 */
export default function DailyChart({
  days,
  clicked,
}: {
  days: readonly AnalyticsDay[];
  clicked: readonly number[] | null;
}) {
  const t = useMessages();
  const { palette } = useTheme();
  const first = days[0]!.date;
  const last = days.at(-1)!.date;
  const series: {
    key: 'sent' | 'delivered' | 'failed' | 'clicked';
    color: string;
    data: number[];
  }[] = [
    { key: 'sent', color: palette.primary.main, data: days.map((day) => day.sent) },
    { key: 'delivered', color: palette.success.main, data: days.map((day) => day.delivered) },
    { key: 'failed', color: palette.error.main, data: days.map((day) => day.failed) },
    ...(clicked
      ? [{ key: 'clicked' as const, color: palette.secondary.main, data: [...clicked] }]
      : []),
  ];
  return (
    <Box
      role="img"
      aria-label={t('analytics.chart.label', { from: formatDay(first), to: formatDay(last) })}
    >
      <LineChart
        height={300}
        xAxis={[
          {
            scaleType: 'point',
            data: days.map((day) => day.date),
            valueFormatter: (date: string, context) =>
              context.location === 'tick' ? formatDayOfMonth(date) : formatDay(date),
          },
        ]}
        // Counts: whole ticks, and straight lines between days (a smoothed curve would invent values).
        yAxis={[{ tickMinStep: 1 }]}
        series={series.map(({ key, color, data }) => ({
          id: key,
          label: t(`analytics.cards.${key}`),
          data,
          color,
          curve: 'linear',
          showMark: days.length <= 31,
        }))}
      />
    </Box>
  );
}
