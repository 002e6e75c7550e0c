import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { FAILURE_STATUSES, MESSAGE_STATUSES, type MessageStatus } from '../../shared/delivery';
import { messages } from '../../shared/messages';
import { programSchedule, sendTimeOfDay, type ProgramSchedule } from '../../shared/schedule';
import type { ApiDeliveryDay, ApiProgramDeliveries } from '../../shared/types';
import type { Db } from '../db/client';
import { outboundMessages, products, programs } from '../db/schema';
import { countProgramRecipients, programAudience } from '../delivery/recipients';
import { notFound } from '../http/errors';

/** The statuses a day's failures are listed for: the provider or the carrier refused them. */
export { FAILURE_STATUSES };

const noCounts = () =>
  Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, 0])) as Record<
    MessageStatus,
    number
  >;

/** The program's schedule, or null for a draft (no product or no start date). */
async function scheduleOf(db: Db, programId: string): Promise<ProgramSchedule | null> {
  const [row] = await db
    .select({
      startDate: programs.startDate,
      sendTime: programs.sendTime,
      timeZone: programs.timeZone,
      days: products.days,
    })
    .from(programs)
    .leftJoin(products, eq(products.id, programs.productId))
    .where(eq(programs.id, programId));
  if (!row) throw notFound(messages.programs.notFound);
  const { startDate, days, sendTime, timeZone } = row;
  return startDate !== null && days !== null ? { startDate, days, sendTime, timeZone } : null;
}

/**
 * GET /api/programs/{id}/deliveries: every day of the program's schedule with its day messages
 * counted by status (one grouped query on the program/day index), the failures of each day by
 * reason, how many contacts would receive the next message, and why the others would not. A draft has no schedule and no
 * days. A day the outbox has but the schedule no longer does (the product was shortened after it
 * went out) is listed too, at the time the schedule's rule gives it.
 */
export async function programDeliveries(db: Db, programId: string): Promise<ApiProgramDeliveries> {
  const schedule = await scheduleOf(db, programId);
  const ofProgram = and(
    eq(outboundMessages.programId, programId),
    eq(outboundMessages.kind, 'program'),
    isNotNull(outboundMessages.day),
  );
  const [counts, failures, recipients, audience] = await Promise.all([
    db
      .select({ day: outboundMessages.day, status: outboundMessages.status, count: count() })
      .from(outboundMessages)
      .where(ofProgram)
      .groupBy(outboundMessages.day, outboundMessages.status),
    db
      .select({
        day: outboundMessages.day,
        errorCode: outboundMessages.errorCode,
        errorMessage: outboundMessages.errorMessage,
        count: count(),
      })
      .from(outboundMessages)
      .where(and(ofProgram, inArray(outboundMessages.status, FAILURE_STATUSES)))
      .groupBy(outboundMessages.day, outboundMessages.errorCode, outboundMessages.errorMessage)
      .orderBy(desc(count()), outboundMessages.errorCode, outboundMessages.errorMessage),
    countProgramRecipients(db, programId),
    programAudience(db, programId),
  ]);
  if (!schedule) return { days: [], recipients, audience };

  const days = new Map<number, ApiDeliveryDay>();
  const dayOf = (day: number) => {
    let found = days.get(day);
    if (!found) {
      const sendAt = sendTimeOfDay(schedule, day).sendAt.toISOString();
      found = { day, sendAt, ...noCounts(), failures: [] };
      days.set(day, found);
    }
    return found;
  };
  for (const { day } of programSchedule(schedule)) dayOf(day);
  for (const row of counts) dayOf(row.day!)[row.status] = row.count;
  for (const { day, ...failure } of failures) dayOf(day!).failures.push(failure);
  return { days: [...days.values()].sort((a, b) => a.day - b.day), recipients, audience };
}
