import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products, programEnrollments, programs } from '../db/schema';
import {
  dayRecipients,
  messageColumns,
  onePerPhone,
  recipientsSubquery,
} from '../delivery/recipients';
import { activeEnrollmentSql } from './enrollment-status';

/**
 * Who the preview of a day shows (program-preview.ts), one per phone, as the planner will give
 * them the day, each with their day 0: null on a cohort program, whose recipients share its
 * calendar; the day 0 of their enrollment on a rolling one, whose day is on their own calendar.
 */

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * A cohort program's recipients now who joined by the day's send time, one per phone: the first by
 * contact id, as the planner's DISTINCT ON gives the phone the day.
 */
export function cohortDayRecipients(db: Db, programId: string, sendAt: Date) {
  const recipients = dayRecipients(db, programId, null);
  const chosen = onePerPhone(
    db,
    recipients,
    sql`${recipients.joinedAt} <= ${timestamp(sendAt)}`,
  ).as('one_per_phone');
  return db
    .select({
      ...messageColumns(chosen),
      startDate: sql<string | null>`null::date`.as('start_date'),
    })
    .from(chosen)
    .as('chosen');
}

/**
 * A rolling program's recipients now whose enrollment is active at `now` (not ended, conclusion
 * still to go out: enrollment-status.ts), who joined by the send time of `day` on their own
 * calendar, each with their day 0. Recipients not yet enrolled (the planner enrolls them at its
 * next tick) are not among them. One per phone: the phone gets a day once, through the contact
 * whose day comes first (the earliest day 0; of those, the first by contact id), as the planner,
 * planning each day 0's participants together when their day is due, gives it.
 */
export function rollingDayRecipients(db: Db, programId: string, day: number, now: Date) {
  const recipients = recipientsSubquery(db, programId);
  // Their day's send time in SQL, as shared/schedule.ts's sendTimeOfDay: calendar days added to
  // the local date, at the send time in the program's zone (never in a daylight-saving gap).
  const dayAt = sql`(((${programEnrollments.startDate} + ${day}::integer) + ${programs.sendTime}::time) at time zone ${programs.timeZone})`;
  return db
    .selectDistinctOn([recipients.phone], {
      ...messageColumns(recipients),
      startDate: sql<string | null>`${programEnrollments.startDate}`.as('start_date'),
    })
    .from(recipients)
    .innerJoin(
      programEnrollments,
      and(
        eq(programEnrollments.programId, programId),
        eq(programEnrollments.contactId, recipients.contactId),
      ),
    )
    .innerJoin(programs, eq(programs.id, programEnrollments.programId))
    .innerJoin(products, eq(products.id, programs.productId))
    .where(and(activeEnrollmentSql(now), sql`${recipients.joinedAt} <= ${dayAt}`))
    .orderBy(recipients.phone, programEnrollments.startDate, recipients.contactId)
    .as('chosen');
}

export type DayRecipients = ReturnType<typeof cohortDayRecipients>;
