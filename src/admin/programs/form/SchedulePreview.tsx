import { Card, CardContent, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { messages } from '../../../shared/messages';
import type { Product } from '../../../shared/responses/products';
import { useMessages } from '../../i18n';
import { ErrorBanner } from '../../lists/ErrorBanner';
import { recordErrorMessage } from '../../lists/listErrors';
import { formatSendAt, waitParams } from '../scheduleFormat';
import { useProgramDeliveries } from '../useProgramDeliveries';
import type { ProgramFormValues } from './programFormValues';
import { ScheduleTable, type ScheduleRow } from './ScheduleTable';
import { daysAt, scheduleOf } from './scheduleTiming';

/** A new program has sent nothing (one array, so the rows are not recomputed at each render). */
const NONE_SENT: readonly number[] = [];
const NONE_WAITING: readonly string[] = [];

/** The product's message for day `day` (0 = pre-message, N+1 = conclusion). */
function messageText(product: Product, day: number): string {
  if (day === 0) return product.preMessage?.text ?? '';
  if (day > product.days) return product.conclusionMessage?.text ?? '';
  return product.messages?.[day - 1]?.text ?? '';
}

/** A saved program's days that quiet hours hold messages of, with the words for each wait. */
function useWaiting(programId: string | undefined): ReadonlyMap<number, readonly string[]> {
  const t = useMessages();
  const { data } = useProgramDeliveries(programId);
  return useMemo(
    () =>
      new Map(
        (data?.days ?? []).map((day) => [
          day.day,
          day.waiting.map((wait) => t('delivery.panel.waiting', waitParams(wait))),
        ]),
      ),
    [data, t],
  );
}

function useRows(
  product: Product | undefined,
  values: Partial<ProgramFormValues>,
  cutoff: Date,
  daysSent: readonly number[],
  waiting: ReadonlyMap<number, readonly string[]>,
) {
  const { startDate = null, sendTime = '', timeZone = '' } = values;
  return useMemo((): ScheduleRow[] | null => {
    if (!product) return null;
    const schedule = scheduleOf({ startDate, sendTime, timeZone, days: product.days });
    if (!schedule) return null;
    // The delivery engine sends by this same schedule (shared/schedule.ts); the change dialog
    // counts its 'to come' with this same daysAt.
    return daysAt(schedule, cutoff, daysSent).map((day) => ({
      day: day.day,
      days: product.days,
      ...formatSendAt(day.sendAt, schedule.timeZone),
      text: messageText(product, day.day),
      past: day.past,
      waiting: waiting.get(day.day) ?? NONE_WAITING,
    }));
  }, [product, startDate, sendTime, timeZone, cutoff, daysSent, waiting]);
}

/**
 * When each message of the program goes out, by the form's current values: the day, its date
 * and time on the program zone's clock, the product's text, and whether it is past or to come at
 * `cutoff` (past means due, not sent: the outbox says what was sent). A day the outbox says was
 * sent (`daysSent`) is past wherever the new values put it: it is never sent again. A day some of
 * whose messages wait for daytime where their recipients are says when and where they will go.
 */
export function SchedulePreview({
  cutoff,
  daysSent = NONE_SENT,
  programId,
}: {
  cutoff: Date;
  daysSent?: readonly number[];
  /** A saved program's id: its days then say when messages held by quiet hours will go. */
  programId?: string;
}) {
  const t = useMessages();
  const [productId, startDate, sendTime, timeZone] = useWatch<
    ProgramFormValues,
    ['productId', 'startDate', 'sendTime', 'timeZone']
  >({ name: ['productId', 'startDate', 'sendTime', 'timeZone'] });
  const { data: product, error } = useGetOne<Product>(
    'products',
    { id: productId },
    { enabled: Boolean(productId), retry: false },
  );
  const rows = useRows(
    productId ? product : undefined,
    { startDate, sendTime, timeZone },
    cutoff,
    daysSent,
    useWaiting(programId),
  );

  const chosen = Boolean(productId && startDate);
  return (
    <Card variant="outlined" component="section" aria-label={t('programs.schedule.title')}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('programs.schedule.title')}
        </Typography>
        {chosen && error ? (
          <ErrorBanner
            message={recordErrorMessage(error, messages.products.errors)}
            sx={{ mb: 0 }}
          />
        ) : chosen && !product ? (
          <Typography color="text.secondary">{t('app.loading')}</Typography>
        ) : rows ? (
          <ScheduleTable rows={rows} />
        ) : (
          <Typography color="text.secondary">{t('programs.schedule.empty')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
