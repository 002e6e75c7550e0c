import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { FAILURE_STATUSES, MESSAGE_STATUSES, type MessageStatus } from '../../shared/delivery';
import { programSchedule, sendTimeOfDay, type ProgramSchedule } from '../../shared/schedule';
import type { ApiDeliveryDay, ApiProgramDeliveries } from '../../shared/responses/programs';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { outboundMessages, products, programs } from '../db/schema';
import { morningZone, splitZones } from '../delivery/quiet-hours';
import { countProgramRecipients, programAudience } from '../delivery/recipients';
import { notFound } from '../http/errors';
import { rowsOf } from '../db/rows';
import { literals } from './analytics-range';
import { deliveryClicks } from './deliveries-clicks';
import { messageCountsWhere } from './message-counts';
import { enrollmentSummary } from './enrollment-status';

/** The statuses a day's failures are listed for: the provider or the carrier refused them. */
export { FAILURE_STATUSES };

const noCounts = () =>
  Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, 0])) as Record<
    MessageStatus,
    number
  >;

/**
 * The program's name, product, schedule and enrollment, the schedule null for a draft (no product
 * or no start date); 404 for a program that does not exist.
 */
export async function programWithSchedule(db: Db, programId: string) {
  const [row] = await db
    .select({
      programName: programs.programName,
      productId: programs.productId,
      startDate: programs.startDate,
      sendTime: programs.sendTime,
      timeZone: programs.timeZone,
      days: products.days,
      enrollment: programs.enrollment,
    })
    .from(programs)
    .leftJoin(products, eq(products.id, programs.productId))
    .where(eq(programs.id, programId));
  if (!row) throw notFound(serverTexts.programs.notFound);
  const { programName, productId, startDate, days, sendTime, timeZone, enrollment } = row;
  const schedule: ProgramSchedule | null =
    startDate !== null && days !== null ? { startDate, days, sendTime, timeZone } : null;
  return { programName, productId, schedule, enrollment };
}

/**
 * The zone whose morning holds a queued message: quiet hours moved it (delivery/housekeeping.ts,
 * delivery/screen.ts) past its day's time to SEND_WINDOW.earliest in one of its zones. Null for one that simply waits for its
 * time, or for a retry.
 */
function heldUntilMorningIn(sendAfter: Date, dayTime: number, timeZone: string | null) {
  if (!timeZone || sendAfter.getTime() <= dayTime) return null;
  return morningZone(sendAfter, splitZones(timeZone)) ?? null;
}

/**
 * GET /api/programs/{id}/deliveries: every day of the program's schedule with its day messages
 * counted by status (from the outbox's counts, message-counts.ts), the failures of each day by
 * reason, the messages quiet hours hold and the morning they wait for, the clicks on its tracked
 * links (deliveries-clicks.ts), how many contacts would
 * receive the next message, and why the others would not. A draft has no schedule and no
 * days. A day the outbox has but the schedule no longer does (the product was shortened after it
 * went out) is listed too, at the time the schedule's rule gives it.
 *
 * A rolling program's days are counted the same way, by day number over every participant
 * whatever their day 0 (each outbox row carries its day), and its enrollments are counted at `now`
 * as its enrollments list counts them (enrollment-status.ts): the panel asks once for both.
 */
export async function programDeliveries(
  db: Db,
  programId: string,
  now: Date,
): Promise<ApiProgramDeliveries> {
  const { schedule, enrollment } = await programWithSchedule(db, programId);
  const ofProgram = and(
    eq(outboundMessages.programId, programId),
    eq(outboundMessages.kind, 'program'),
    isNotNull(outboundMessages.day),
  );
  // The program's day messages counted by day and status (message-counts.ts).
  const programDays = messageCountsWhere(
    sql`program_id = ${programId} and kind = 'program' and day is not null`,
  );
  const [counts, failures, recipients, audience, queued, clicks, enrollments] = await Promise.all([
    rowsOf<{ day: number; status: MessageStatus; count: number }>(
      db,
      sql`select day, status, sum(messages)::int as count from ${programDays}
        group by day, status having sum(messages) > 0`,
    ),
    rowsOf<{ day: number; errorCode: string | null; errorMessage: string | null; count: number }>(
      db,
      sql`select day, error_code as "errorCode", error_message as "errorMessage",
          sum(messages)::int as count
        from ${programDays}
        where status in (${literals(FAILURE_STATUSES)})
        group by day, error_code, error_message having sum(messages) > 0
        order by sum(messages) desc, error_code, error_message`,
    ),
    countProgramRecipients(db, programId),
    programAudience(db, programId),
    // The queued messages by when they go and where, at whole minutes (a morning, or the day's
    // own time; a retry's backoff is not): a few groups a day (its zones), read whole.
    db
      .select({
        day: outboundMessages.day,
        sendAfter: outboundMessages.sendAfter,
        timeZone: outboundMessages.timeZone,
        count: count(),
      })
      .from(outboundMessages)
      .where(
        and(
          ofProgram,
          eq(outboundMessages.status, 'queued'),
          sql`${outboundMessages.sendAfter} = date_trunc('minute', ${outboundMessages.sendAfter})`,
        ),
      )
      .groupBy(outboundMessages.day, outboundMessages.sendAfter, outboundMessages.timeZone),
    deliveryClicks(db, programId),
    enrollment === 'rolling' ? enrollmentSummary(db, programId, now) : null,
  ]);
  if (!schedule) return { days: [], recipients, audience, enrollments };

  const days = new Map<number, ApiDeliveryDay>();
  const dayOf = (day: number) => {
    let found = days.get(day);
    if (!found) {
      const sendAt = sendTimeOfDay(schedule, day).sendAt.toISOString();
      found = { day, sendAt, ...noCounts(), failures: [], waiting: [], clicks: null };
      days.set(day, found);
    }
    return found;
  };
  for (const { day } of programSchedule(schedule)) dayOf(day);
  for (const row of counts) dayOf(row.day!)[row.status] = row.count;
  for (const { day, ...failure } of failures) dayOf(day!).failures.push(failure);
  for (const [day, figures] of clicks) dayOf(day).clicks = figures;
  for (const { day, sendAfter, timeZone, count: waiting } of queued) {
    const found = dayOf(day!);
    const zone = heldUntilMorningIn(sendAfter, Date.parse(found.sendAt), timeZone);
    if (!zone) continue;
    const until = sendAfter.toISOString();
    const same = found.waiting.find((w) => w.until === until && w.timeZone === zone);
    if (same) same.count += waiting;
    else found.waiting.push({ until, timeZone: zone, count: waiting });
  }
  for (const found of days.values()) found.waiting.sort((a, b) => a.until.localeCompare(b.until));
  return {
    days: [...days.values()].sort((a, b) => a.day - b.day),
    recipients,
    audience,
    enrollments,
  };
}
