import {
  and,
  count,
  eq,
  gte,
  isNull,
  lte,
  notExists,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { addDays, type LocalDate } from '../../shared/schedule';
import type { Db, Tx } from '../db/client';
import { enrollmentPlans, programEnrollments, users } from '../db/schema';
import { programRecipients } from './recipients';

/**
 * A rolling program's enrollments (program_enrollments): who it has enrolled and their day 0. The
 * planner keeps them each tick, set-based, before it plans the days due:
 *
 * - A recipient (recipients.ts) without an enrollment is enrolled. Their day 0 is the first send
 *   time at or after they became a recipient: when they joined the program's pods, the program was
 *   created or last resumed, or, for someone Tidings only now finds eligible (they just opted in),
 *   now less DELIVERY_CUTOFF, so a day 0 that can still go out goes, late, rather than wait a day.
 *   Never before the program's start date, and never after its enrollment's last date.
 * - An enrollment whose contact is no longer a recipient (left the pods, opted out, deactivated)
 *   ends. Becoming a recipient again does not enroll them again; staff may restart them (their
 *   next run, services/enrollment-restart.ts), from the day 0 a newcomer found eligible now gets.
 *
 * Day d of an enrollment goes out on its start date + d calendar days at the program's send time
 * in its zone: participants who share a day 0 are planned together, as a cohort program's
 * participants are.
 */

export interface RollingProgram {
  id: string;
  /** The program's own start date: enrollment opens with it. */
  startDate: LocalDate;
  sendTime: string;
  timeZone: string;
  createdAt: Date;
  resumedAt: Date | null;
  /** The last day 0, or null while enrollment stays open. */
  enrollmentEndsOn: LocalDate | null;
}

const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * The day 0 (SQL) of a recipient found eligible at `now` who joined the pods at `joinedAt`: the
 * first send time at or after they became a recipient, or now less the cutoff (a day 0 that can
 * still go out goes, late), not before the program's start, creation or last resume.
 */
function firstDaySql(
  program: RollingProgram,
  joinedAt: SQL | SQL.Aliased | AnyColumn,
  now: Date,
  cutoffMs: number,
) {
  const since = [program.createdAt, program.resumedAt, new Date(now.getTime() - cutoffMs)]
    .filter((at): at is Date => at !== null)
    .reduce((a, b) => (a > b ? a : b));
  // Local wall-clock time of becoming eligible; day 0 is that date, or the next one once its send
  // time has passed. Send times lie within 08:00-21:00, never in a daylight-saving gap.
  const local = sql`(greatest(${joinedAt}, ${instant(since)}) at time zone ${program.timeZone})`;
  return sql<string>`greatest(${local}::date + case when ${local}::time > ${program.sendTime}::time then 1 else 0 end, ${program.startDate}::date)`;
}

/**
 * Enrolls the program's recipients who have no enrollment. Answers the day 0 dates it enrolled
 * anyone on, so the planner looks again at those already planned.
 */
export async function enrollRecipients(
  db: Db | Tx,
  program: RollingProgram,
  now: Date,
  cutoffMs: number,
): Promise<LocalDate[]> {
  const recipients = programRecipients(db, program.id).as('recipients');
  const firstDay = firstDaySql(program, recipients.joinedAt, now, cutoffMs);
  const candidates = db
    .select({ contactId: recipients.contactId, startDate: firstDay.as('start_date') })
    .from(recipients)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(programEnrollments)
          .where(
            and(
              eq(programEnrollments.programId, program.id),
              eq(programEnrollments.contactId, recipients.contactId),
            ),
          ),
      ),
    )
    .as('candidates');
  const rows = await db
    .insert(programEnrollments)
    .select(
      db
        .select({
          programId: sql`${program.id}::uuid`.as('program_id'),
          contactId: candidates.contactId,
          enrolledAt: sql`${instant(now)}`.as('enrolled_at'),
          startDate: candidates.startDate,
          endedAt: sql`null::timestamptz`.as('ended_at'),
          run: sql`1`.as('run'),
          demo: sql`false`.as('demo'),
        })
        .from(candidates)
        .where(
          program.enrollmentEndsOn === null
            ? undefined
            : lte(candidates.startDate, program.enrollmentEndsOn),
        ),
    )
    .onConflictDoNothing()
    .returning({ startDate: programEnrollments.startDate });
  return [...new Set(rows.map((row) => row.startDate))];
}

/**
 * The day 0 a restart now gives the contact: the same as a newcomer found eligible now gets (they
 * are treated as becoming a recipient again). Null when they are not a recipient of the program.
 */
export async function restartDay(
  db: Db | Tx,
  program: RollingProgram,
  contactId: string,
  now: Date,
  cutoffMs: number,
): Promise<LocalDate | null> {
  const recipients = programRecipients(db, program.id, eq(users.id, contactId)).as('recipients');
  const [row] = await db
    .select({ startDate: firstDaySql(program, recipients.joinedAt, now, cutoffMs) })
    .from(recipients);
  return row?.startDate ?? null;
}

/**
 * Starts the contact's next run: day 0 on `startDate`, enrolled now, no longer ended. The
 * planner finds their group gained someone since it was last planned (cohortsOf) and plans it.
 */
export async function startNextRun(
  tx: Tx,
  programId: string,
  contactId: string,
  startDate: LocalDate,
  now: Date,
) {
  await tx
    .update(programEnrollments)
    .set({ startDate, enrolledAt: now, endedAt: null, run: sql`${programEnrollments.run} + 1` })
    .where(
      and(eq(programEnrollments.programId, programId), eq(programEnrollments.contactId, contactId)),
    );
}

/** Ends the enrollments of contacts who are no longer recipients of the program. */
export async function endEnrollments(db: Db | Tx, programId: string, now: Date) {
  const recipients = programRecipients(db, programId).as('recipients');
  await db
    .update(programEnrollments)
    .set({ endedAt: now })
    .where(
      and(
        eq(programEnrollments.programId, programId),
        isNull(programEnrollments.endedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(recipients)
            .where(eq(recipients.contactId, programEnrollments.contactId)),
        ),
      ),
    );
}

/**
 * The day 0 dates whose participants may have a day due by the local date `today` (their
 * conclusion, day `lastDay`, at most a day before it), with the highest day planned of each, how
 * many participants are enrolled with it, and whether someone was enrolled in the group after it
 * was last planned (staff restarted them).
 */
export async function cohortsOf(db: Db, programId: string, today: LocalDate, lastDay: number) {
  return db
    .select({
      startDate: programEnrollments.startDate,
      plannedDay: enrollmentPlans.plannedDay,
      participants: count(),
      gained: sql<boolean>`coalesce(bool_or(${programEnrollments.enrolledAt} > ${enrollmentPlans.plannedAt}), false)`,
    })
    .from(programEnrollments)
    .leftJoin(
      enrollmentPlans,
      and(
        eq(enrollmentPlans.programId, programEnrollments.programId),
        eq(enrollmentPlans.startDate, programEnrollments.startDate),
      ),
    )
    .where(
      and(
        eq(programEnrollments.programId, programId),
        isNull(programEnrollments.endedAt),
        gte(programEnrollments.startDate, addDays(today, -(lastDay + 2))),
        lte(programEnrollments.startDate, addDays(today, 1)),
      ),
    )
    .groupBy(programEnrollments.startDate, enrollmentPlans.plannedDay, enrollmentPlans.plannedAt)
    .orderBy(programEnrollments.startDate);
}

/** Remembers the highest day planned of the participants whose day 0 is `startDate`. */
export async function savePlannedDay(
  db: Db,
  programId: string,
  startDate: LocalDate,
  plannedDay: number,
  now: Date,
) {
  await db
    .insert(enrollmentPlans)
    .values({ programId, startDate, plannedDay, plannedAt: now })
    .onConflictDoUpdate({
      target: [enrollmentPlans.programId, enrollmentPlans.startDate],
      set: {
        plannedDay: sql`greatest(${enrollmentPlans.plannedDay}, excluded.planned_day)`,
        plannedAt: now,
      },
    });
}
