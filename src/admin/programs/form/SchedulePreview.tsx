import { Card, CardContent, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { messages } from '../../../shared/messages';
import type { Product } from '../../../shared/responses/products';
import type { Program } from '../../../shared/responses/programs';
import { useMessages } from '../../i18n';
import { ErrorBanner } from '../../lists/ErrorBanner';
import { recordErrorMessage } from '../../lists/listErrors';
import { formatSendAt, waitParams } from '../scheduleFormat';
import { PreviewMessagesDialog } from '../preview/PreviewMessagesDialog';
import { useProgramDeliveries } from '../useProgramDeliveries';
import { programToFormValues, type ProgramFormValues } from './programFormValues';
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
 * Whether the form shows the saved program's schedule: its product, start date, send time and
 * zone as stored. Only then may a day open its preview, which reads the saved program.
 */
function showsSaved(program: Program, values: Partial<ProgramFormValues>): boolean {
  const saved = programToFormValues(program);
  return (
    saved.productId !== '' &&
    saved.startDate !== null &&
    values.productId === saved.productId &&
    values.startDate === saved.startDate &&
    values.sendTime === saved.sendTime &&
    values.timeZone === saved.timeZone
  );
}

/**
 * When each message of the program goes out, by the form's current values: the day, its date
 * and time on the program zone's clock, the product's text, and whether it is past or to come at
 * `cutoff` (past means due, not sent: the outbox says what was sent). A day the outbox says was
 * sent (`daysSent`) is past wherever the new values put it: it is never sent again. A day some of
 * whose messages wait for daytime where their recipients are says when and where they will go.
 * Each day of a saved program, as saved, opens the exact message each of its recipients gets.
 */
export function SchedulePreview({
  cutoff,
  daysSent = NONE_SENT,
  program,
}: {
  cutoff: Date;
  daysSent?: readonly number[];
  /** A saved program: its days then say when messages held by quiet hours will go. */
  program?: Program;
}) {
  const t = useMessages();
  const [productId, startDate, sendTime, timeZone, enrollment] = useWatch<
    ProgramFormValues,
    ['productId', 'startDate', 'sendTime', 'timeZone', 'enrollment']
  >({ name: ['productId', 'startDate', 'sendTime', 'timeZone', 'enrollment'] });
  const rolling = enrollment === 'rolling';
  const { data: product, error } = useGetOne<Product>(
    'products',
    { id: productId },
    { enabled: Boolean(productId), retry: false },
  );
  const values = { productId, startDate, sendTime, timeZone };
  const rows = useRows(
    productId ? product : undefined,
    values,
    cutoff,
    daysSent,
    useWaiting(program?.id),
  );
  const [previewDay, setPreviewDay] = useState<number | null>(null);
  const previewable = program !== undefined && showsSaved(program, values);

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
          <>
            {rolling && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('programs.schedule.rolling')}
              </Typography>
            )}
            <ScheduleTable
              rows={rows}
              onPreview={previewable ? setPreviewDay : undefined}
              withStatus={!rolling}
            />
            {program && !previewable && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('programs.preview.saveFirst')}
              </Typography>
            )}
          </>
        ) : (
          <Typography color="text.secondary">{t('programs.schedule.empty')}</Typography>
        )}
        {program && previewDay !== null && (
          <PreviewMessagesDialog
            program={program}
            day={previewDay}
            onClose={() => setPreviewDay(null)}
          />
        )}
      </CardContent>
    </Card>
  );
}
