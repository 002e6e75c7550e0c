import { and, eq, exists, sql } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import {
  programStatus,
  sendTimeOfDay,
  type LocalDate,
  type ProgramSchedule,
} from '../../shared/schedule';
import { phoneHasOptedOut } from '../consent/log';
import type { Db, Tx } from '../db/client';
import {
  outboundMessages,
  podMembers,
  pods,
  products,
  programEnrollments,
  programPods,
  programs,
  users,
} from '../db/schema';
import { restartDay, startNextRun, type RollingProgram } from '../delivery/enrollments';
import { cancelQueued } from '../delivery/opt-out';
import { conflict, notFound } from '../http/errors';
import { serverTexts } from '../texts';

/**
 * "Restart for this participant": staff start a rolling participant's days again from day 0,
 * whether their enrollment is active, finished or ended (they left and came back). Their new day 0
 * is the one a newcomer found eligible now gets (delivery/enrollments.ts); the restart is their
 * next run (program_enrollments.run), whose outbox rows are its own, so the old run's stay as
 * history and the new one's days are sent again. Its waiting rows are canceled: the participant is
 * on the new run now. A restart that would change nothing (they are active and their day 0 is
 * already that date, as after a first restart the same day) is answered as it is: no day twice.
 */

const t = serverTexts.programs.restart;

/** What a restart needs of the program. */
export interface RestartProgram extends RollingProgram {
  enrollment: 'cohort' | 'rolling';
  pausedAt: Date | null;
  /** The product's days; null without a product. */
  days: number | null;
  /** The program's own start date; null until chosen. */
  programStart: LocalDate | null;
}

/** The program as a restart reads it; 404 for an unknown one. */
export async function restartProgramOf(db: Db | Tx, programId: string): Promise<RestartProgram> {
  const [row] = await db
    .select({
      id: programs.id,
      programStart: programs.startDate,
      sendTime: programs.sendTime,
      timeZone: programs.timeZone,
      createdAt: programs.createdAt,
      resumedAt: programs.resumedAt,
      pausedAt: programs.pausedAt,
      enrollment: programs.enrollment,
      enrollmentEndsOn: programs.enrollmentEndsOn,
      days: products.days,
    })
    .from(programs)
    .leftJoin(products, eq(products.id, programs.productId))
    .where(eq(programs.id, programId));
  if (!row) throw notFound(serverTexts.programs.notFound);
  return { ...row, startDate: row.programStart ?? '' };
}

/** Whether the contact can be restarted now: from which day 0 and when it goes, or why not. */
export type RestartOffer = { startDate: LocalDate; startsAt: Date } | { refusal: string };

export async function restartOffer(
  db: Db | Tx,
  program: RestartProgram,
  contactId: string,
  now: Date,
  cutoffMs: number,
): Promise<RestartOffer> {
  if (program.enrollment !== 'rolling') return { refusal: t.notRolling };
  if (program.days === null || program.programStart === null) return { refusal: t.noSchedule };
  if (program.pausedAt !== null) return { refusal: t.paused };
  const schedule: ProgramSchedule = {
    startDate: program.programStart,
    sendTime: program.sendTime,
    timeZone: program.timeZone,
    days: program.days,
  };
  const status = programStatus(
    { hasProduct: true, schedule, paused: false, rolling: { endsOn: program.enrollmentEndsOn } },
    now,
  );
  if (status === 'completed') return { refusal: t.completed };
  const startDate = await restartDay(db, program, contactId, now, cutoffMs);
  if (startDate === null) return { refusal: await whyNotRecipient(db, program.id, contactId) };
  if (program.enrollmentEndsOn !== null && startDate > program.enrollmentEndsOn) {
    return {
      refusal: formatMessage(t.enrollmentClosed, {
        date: program.enrollmentEndsOn,
        start: startDate,
      }),
    };
  }
  // A day 0 whose time passed within the cutoff goes as soon as it is planned: now.
  const { sendAt } = sendTimeOfDay({ ...schedule, startDate }, 0);
  return { startDate, startsAt: sendAt > now ? sendAt : now };
}

/**
 * Why the contact is not a recipient of the program (the conditions of delivery/recipients.ts, in
 * the order a person fixes them): not in its pods, inactive, opted out, no phone, not opted in.
 */
async function whyNotRecipient(db: Db | Tx, programId: string, contactId: string) {
  const member = exists(
    db
      .select({ one: sql`1` })
      .from(programPods)
      .innerJoin(pods, and(eq(pods.id, programPods.podId), eq(pods.status, 'active')))
      .innerJoin(podMembers, and(eq(podMembers.podId, pods.id), eq(podMembers.status, 'active')))
      .where(and(eq(programPods.programId, programId), eq(podMembers.userId, users.id))),
  );
  const [contact] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
      phone: users.phone,
      smsVerified: users.smsVerified,
      optedOut: sql<boolean>`(${users.smsOptedOutAt} is not null or ${phoneHasOptedOut(users.phone)})`,
      member: sql<boolean>`${member}`,
    })
    .from(users)
    .where(eq(users.id, contactId));
  if (!contact) throw notFound(serverTexts.contacts.notFound);
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  const why =
    contact.role !== 'participant' || !contact.member
      ? t.notMember
      : contact.status !== 'active'
        ? t.inactive
        : contact.optedOut
          ? t.optedOut
          : contact.phone === null
            ? t.noPhone
            : t.notOptedIn;
  return formatMessage(why, { name });
}

/**
 * POST /api/programs/{id}/enrollments/{contactId}/restart. 404 for an unknown program or a
 * contact it never enrolled; 409, saying why, when the contact cannot be restarted now.
 */
export async function restartEnrollment(
  db: Db,
  programId: string,
  contactId: string,
  now: Date,
  cutoffMs: number,
) {
  await db.transaction(async (tx) => {
    const program = await restartProgramOf(tx, programId);
    if (program.enrollment !== 'rolling') throw conflict(t.notRolling);
    // Locked: two restarts at once take turns, and the second finds the first's day 0.
    const [enrollment] = await tx
      .select({ startDate: programEnrollments.startDate, endedAt: programEnrollments.endedAt })
      .from(programEnrollments)
      .where(
        and(
          eq(programEnrollments.programId, programId),
          eq(programEnrollments.contactId, contactId),
        ),
      )
      .for('update');
    if (!enrollment) throw notFound(t.noEnrollment);
    const offer = await restartOffer(tx, program, contactId, now, cutoffMs);
    if ('refusal' in offer) throw conflict(offer.refusal);
    if (enrollment.endedAt === null && enrollment.startDate === offer.startDate) return;
    await cancelQueued(
      tx,
      and(
        eq(outboundMessages.programId, programId),
        eq(outboundMessages.contactId, contactId),
        eq(outboundMessages.kind, 'program'),
      ),
      now,
      serverTexts.delivery.enrollmentRestarted,
      'staff',
    );
    await startNextRun(tx, programId, contactId, offer.startDate, now);
  });
}
