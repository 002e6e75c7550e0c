import { TableCell, Typography } from '@mui/material';
import type { ApiDeliveryDay } from '../../shared/responses/programs';
import { formatCount, formatPercent } from '../format';
import { useMessages } from '../i18n';

/** Whether any day of the program carried a tracked link: only then are its clicks' columns shown. */
export const hasClickColumns = (days: readonly ApiDeliveryDay[]) =>
  days.some((day) => day.clicks !== null);

/** The headings of the clicks' columns. */
export function ClickHeadings() {
  const t = useMessages();
  return (
    <>
      <TableCell align="right">{t('delivery.panel.clicked')}</TableCell>
      <TableCell align="right">{t('delivery.panel.clickRate')}</TableCell>
    </>
  );
}

/** Nothing to count: quieter than a figure, but still text at 4.5:1. */
function None() {
  const t = useMessages();
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {t('delivery.none')}
    </Typography>
  );
}

/**
 * A day's unique clickers and click rate (the rate says of how many, in a tooltip); '—' for a day
 * whose messages carried no tracked link.
 */
export function DayClickCells({ clicks }: { clicks: ApiDeliveryDay['clicks'] }) {
  const t = useMessages();
  if (!clicks) {
    return (
      <>
        <TableCell align="right">
          <None />
        </TableCell>
        <TableCell align="right">
          <None />
        </TableCell>
      </>
    );
  }
  return (
    <>
      <TableCell align="right">{formatCount(clicks.clicked)}</TableCell>
      <TableCell
        align="right"
        title={t('delivery.panel.clickRateOf', {
          clicked: formatCount(clicks.clicked),
          reached: formatCount(clicks.reached),
        })}
      >
        {clicks.rate === null ? <None /> : formatPercent(clicks.rate)}
      </TableCell>
    </>
  );
}
