import { count, eq, sql } from 'drizzle-orm';
import type { ApiEnrollment, ApiEnrollmentSummary } from '../../shared/responses/programs';
import type { Db } from '../db/client';
import { products, programEnrollments, programs } from '../db/schema';

/**
 * Where a rolling program's participant stands, the one rule for the enrollments list, a contact's
 * programs, the Deliveries panel's counts and who the preview shows. Each reads program_enrollments
 * joined to its program and the program's product.
 */

/** When a participant's conclusion goes out, in SQL: their day 0 + N + 1 at the send time. */
const conclusionAt = sql`(((${programEnrollments.startDate} + (${products.days} + 1)) + ${programs.sendTime}::time) at time zone ${programs.timeZone})`;

/** Finished: the conclusion went out before they left (if they did); ended: they left first. */
export const enrollmentStatusSql = (now: Date) => sql<ApiEnrollment['status']>`case
  when ${conclusionAt} <= least(coalesce(${programEnrollments.endedAt}, 'infinity'), ${now.toISOString()}::timestamptz) then 'finished'
  when ${programEnrollments.endedAt} is not null then 'ended'
  else 'active' end`;

/** Still on their way: not ended, and their conclusion not yet gone out. */
export const activeEnrollmentSql = (now: Date) =>
  sql`${programEnrollments.endedAt} is null and ${conclusionAt} > ${now.toISOString()}::timestamptz`;

/** A program that enrolled nobody. */
export const noEnrollments = (): ApiEnrollmentSummary => ({
  enrolled: 0,
  active: 0,
  finished: 0,
  ended: 0,
});

/**
 * How many the program ever enrolled, and how many of them are active, finished and ended now:
 * one grouped query (its enrollments by program, on their primary key).
 */
export async function enrollmentSummary(
  db: Db,
  programId: string,
  now: Date,
): Promise<ApiEnrollmentSummary> {
  const status = enrollmentStatusSql(now);
  const counts = await db
    .select({ status, count: count() })
    .from(programEnrollments)
    .innerJoin(programs, eq(programs.id, programEnrollments.programId))
    .innerJoin(products, eq(products.id, programs.productId))
    .where(eq(programEnrollments.programId, programId))
    .groupBy(sql`1`);
  const summary = noEnrollments();
  for (const row of counts) {
    summary[row.status] = row.count;
    summary.enrolled += row.count;
  }
  return summary;
}
