import {
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useMessages } from '../../i18n';
import { dayTitle } from '../../products/dayTitle';

export interface ScheduleRow {
  day: number;
  /** The product's days, to tell the conclusion (day N+1) from the other days. */
  days: number;
  date: string;
  time: string;
  text: string;
  /** Due before the preview's cutoff; not a claim that it was sent. */
  past: boolean;
  /**
   * When the day's messages that quiet hours hold will actually go, and where ('2 waiting for
   * 8:00 AM on 3/15/27 in Los Angeles'): from the outbox, so only for a saved program.
   */
  waiting: readonly string[];
}

/** The schedule scrolls inside a box this high; a 365-day product has 367 rows. */
export const SCHEDULE_MAX_HEIGHT = 480;
/** A row with a one-line message; rows with longer ones are measured once drawn. */
const ROW_ESTIMATE = 53;
/** Rows drawn beyond the visible ones, so a quick scroll does not show blank space. */
const OVERSCAN = 8;

function DayLabel({ row }: { row: ScheduleRow }) {
  const t = useMessages();
  return dayTitle(t, row.day, row.days);
}

/**
 * The schedule's rows; only those in view (and a few around them) are drawn. With `onPreview` (a
 * saved program), each day offers 'Preview': the exact message each of its recipients gets.
 */
export function ScheduleTable({
  rows,
  onPreview,
  withStatus = true,
}: {
  rows: readonly ScheduleRow[];
  onPreview?: (day: number) => void;
  /** Past or to come: not said for a rolling program, whose days fall on each one's own dates. */
  withStatus?: boolean;
}) {
  const t = useMessages();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer re-renders this component itself as the box scrolls; that the React Compiler
  // would leave the component unmemoized is what it needs.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  // Blank rows above and below the drawn ones keep the scroll height of the whole schedule.
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;

  return (
    // A scrolling box of text only: focusable, so a keyboard can scroll it (WCAG 2.1.1).
    <TableContainer
      ref={scrollRef}
      tabIndex={0}
      sx={{ maxHeight: SCHEDULE_MAX_HEIGHT, overflow: 'auto', border: 1, borderColor: 'divider' }}
    >
      <Table stickyHeader size="small" aria-label={t('programs.schedule.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('programs.schedule.day')}</TableCell>
            <TableCell>{t('programs.schedule.date')}</TableCell>
            <TableCell>{t('programs.schedule.time')}</TableCell>
            <TableCell>{t('programs.schedule.message')}</TableCell>
            {withStatus && <TableCell>{t('programs.fields.status')}</TableCell>}
            {onPreview && <TableCell>{t('programs.preview.column')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {paddingTop > 0 && <SpacerRow height={paddingTop} />}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <TableRow key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DayLabel row={row} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.date}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {row.time}
                  {row.waiting.map((line) => (
                    <Typography
                      key={line}
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      sx={{ whiteSpace: 'normal' }}
                    >
                      {line}
                    </Typography>
                  ))}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.text}</TableCell>
                {withStatus && (
                  <TableCell>
                    {row.past ? (
                      <Chip size="small" color="success" label={t('programs.schedule.sent')} />
                    ) : (
                      <Chip size="small" variant="outlined" label={t('programs.schedule.toCome')} />
                    )}
                  </TableCell>
                )}
                {onPreview && (
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => onPreview(row.day)}
                      aria-label={t('programs.preview.openDay', {
                        day: dayTitle(t, row.day, row.days),
                      })}
                    >
                      {t('programs.preview.open')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
          {paddingBottom > 0 && <SpacerRow height={paddingBottom} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SpacerRow({ height }: { height: number }) {
  return <tr aria-hidden style={{ height }} />;
}
