import { and, asc, desc, eq } from 'drizzle-orm';
import { conclusionDay } from '../../shared/product';
import type { ApiEnrollment } from '../../shared/responses/programs';
import { daysBetween, sendTimeOfDay, wallClock, type ProgramSchedule } from '../../shared/schedule';
import type { EnrollmentListQuery } from '../../shared/validation/program';
import type { Db } from '../db/client';
import { products, programEnrollments, programs, users } from '../db/schema';
import { pageOf } from './list';
import { serverTexts } from '../texts';
import { notFound } from '../http/errors';
import { programWithSchedule } from './deliveries';
import { contactName } from './messages';
import { restartOffer, restartProgramOf } from './enrollment-restart';
import { enrollmentStatusSql, enrollmentSummary, noEnrollments } from './enrollment-status';

/**
 * GET /api/programs/{id}/enrollments: a rolling program's participants a page at a time, newest
 * enrolled first, and how many are active, finished and ended. A cohort program has none.
 */

export async function enrollmentList(
  db: Db,
  programId: string,
  query: EnrollmentListQuery,
  now: Date,
) {
  // 404 for an unknown program. Without a product or a start date there is no calendar to be on,
  // and the planner enrolls nobody.
  const { schedule: program } = await programWithSchedule(db, programId);
  if (!program) return { enrollments: [], total: 0, summary: noEnrollments() };
  const window = pageOf({ page: query.page ?? 1, perPage: query.perPage });
  const status = enrollmentStatusSql(now);
  const [rows, summary] = await Promise.all([
    db
      .select({
        contactId: programEnrollments.contactId,
        contactName,
        enrolledAt: programEnrollments.enrolledAt,
        startDate: programEnrollments.startDate,
        endedAt: programEnrollments.endedAt,
        run: programEnrollments.run,
        status,
      })
      .from(programEnrollments)
      .innerJoin(programs, eq(programs.id, programEnrollments.programId))
      .innerJoin(products, eq(products.id, programs.productId))
      .innerJoin(users, eq(users.id, programEnrollments.contactId))
      .where(eq(programEnrollments.programId, programId))
      .orderBy(desc(programEnrollments.enrolledAt), asc(programEnrollments.contactId))
      .limit(window.limit!)
      .offset(window.offset),
    enrollmentSummary(db, programId, now),
  ]);
  return {
    enrollments: rows.map((row) =>
      toEnrollment(row, { ...program, startDate: row.startDate }, now),
    ),
    total: summary.enrolled,
    summary,
  };
}

/**
 * GET /api/contacts/{id}/enrollments: where the contact is in each rolling program that enrolled
 * them, newest enrollment first (a contact is in few programs: no paging), and whether staff can
 * restart them now: from when, or why not (enrollment-restart.ts). `programId`: that one only.
 */
export async function contactEnrollments(
  db: Db,
  contactId: string,
  now: Date,
  cutoffMs: number,
  programId?: string,
) {
  const [contact] = await db.select({ id: users.id }).from(users).where(eq(users.id, contactId));
  if (!contact) throw notFound(serverTexts.contacts.notFound);
  const rows = await db
    .select({
      programId: programs.id,
      programName: programs.programName,
      sendTime: programs.sendTime,
      timeZone: programs.timeZone,
      days: products.days,
      contactId: programEnrollments.contactId,
      contactName,
      enrolledAt: programEnrollments.enrolledAt,
      startDate: programEnrollments.startDate,
      endedAt: programEnrollments.endedAt,
      run: programEnrollments.run,
      status: enrollmentStatusSql(now),
    })
    .from(programEnrollments)
    .innerJoin(programs, eq(programs.id, programEnrollments.programId))
    .innerJoin(products, eq(products.id, programs.productId))
    .innerJoin(users, eq(users.id, programEnrollments.contactId))
    .where(
      and(
        eq(programEnrollments.contactId, contactId),
        programId === undefined ? undefined : eq(programEnrollments.programId, programId),
      ),
    )
    .orderBy(desc(programEnrollments.enrolledAt), asc(programs.id));
  const enrollments = [];
  // One program after another: a contact is in few, and each asks whether they are a recipient.
  for (const row of rows) {
    const program = await restartProgramOf(db, row.programId);
    const offer = await restartOffer(db, program, contactId, now, cutoffMs);
    enrollments.push({
      ...toEnrollment(row, row, now),
      programId: row.programId,
      programName: row.programName,
      lastDay: conclusionDay(row.days),
      restartStartsAt: 'startsAt' in offer ? offer.startsAt.toISOString() : null,
      restartRefusal: 'refusal' in offer ? offer.refusal : null,
    });
  }
  return { enrollments };
}

/** Where one participant is: their day today, and when their next day goes out. */
function toEnrollment(
  row: {
    contactId: string;
    contactName: string | null;
    enrolledAt: Date;
    startDate: string;
    endedAt: Date | null;
    run: number;
    status: ApiEnrollment['status'];
  },
  schedule: ProgramSchedule,
  now: Date,
): ApiEnrollment {
  const last = conclusionDay(schedule.days);
  const today = daysBetween(schedule.startDate, wallClock(now, schedule.timeZone).date);
  let next: number | null = null;
  if (row.status === 'active') {
    next = Math.max(0, today);
    if (sendTimeOfDay(schedule, next).sendAt <= now) next += 1;
    if (next > last) next = null;
  }
  return {
    contactId: row.contactId,
    contactName: row.contactName ?? '',
    enrolledAt: row.enrolledAt.toISOString(),
    startDate: row.startDate,
    currentDay: today < 0 ? null : Math.min(today, last),
    status: row.status,
    endedAt: row.endedAt?.toISOString() ?? null,
    run: row.run,
    nextSendAt: next === null ? null : sendTimeOfDay(schedule, next).sendAt.toISOString(),
  };
}
