import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';
import {
  outboundMessages,
  podMembers,
  pods,
  productMessages,
  products,
  programPods,
  programs,
  users,
} from '../../../src/server/db/schema';
import { createPlanner } from '../../../src/server/delivery/planner';
import { createUser } from './app';

/**
 * A rolling program for the planner's tests: a 2-day product (day 0, days 1 and 2, the
 * conclusion on day 3) sent at 9:00 in New York from Friday 2026-03-06; clocks go forward on
 * Sunday 03-08, so 9:00 is 14:00 UTC until 03-07 and 13:00 UTC from 03-08. Each day's text names
 * the participant: 'Day 0, Ada: welcome.'
 */

export const CUTOFF_MS = 4 * 60 * 60 * 1000;
export const START = '2026-03-06';
/** Before everything: when the program and the participants were created. */
export const BEFORE = new Date('2026-03-01T12:00:00Z');
export const DATES = [
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
  '2026-03-09',
  '2026-03-10',
  '2026-03-11',
];

/** 9:00 in New York on `date` (in March 2026). */
export const nineAm = (date: string) => {
  const day = Number(date.slice(8, 10));
  return new Date(`${date}T${day >= 8 ? '13' : '14'}:00:00.000Z`);
};
/** Two minutes before 9:00 in New York on `date`: when the planner plans that day. */
export const leadOf = (date: string) => new Date(nineAm(date).getTime() - 2 * 60_000);

/** The program, its pod and the planner's clock, made again by `reset` before each test. */
export function rollingProgram(db: () => Db) {
  let clock = new Date();
  let phone = 3000;
  const state = { programId: '', podId: '' };

  const planner = () =>
    createPlanner({
      db: db(),
      publicUrl: 'https://tidings.example.org',
      cutoffMs: CUTOFF_MS,
      now: () => clock,
    });

  return {
    state,
    /** Runs the planner once at `at`. */
    async tickAt(at: Date) {
      clock = at;
      return planner().planOnce();
    },
    /** A participant who opted in, with a phone of their own unless given one. */
    async participant(firstName: string, ownPhone?: string) {
      phone += 1;
      const { user } = await createUser(db(), {
        role: 'participant',
        firstName,
        phone: ownPhone ?? `+1212555${phone}`,
        smsVerified: true,
        createdAt: BEFORE,
      });
      return user;
    },
    join: (userId: string, joinedAt: Date) =>
      db().insert(podMembers).values({ podId: state.podId, userId, joinedAt }),
    /** The days a contact was given, each with its run, when it goes (UTC) and its text. */
    async daysOf(contactId: string) {
      const rows = await db()
        .select({
          day: outboundMessages.day,
          run: outboundMessages.run,
          at: outboundMessages.sendAfter,
          body: outboundMessages.body,
          status: outboundMessages.status,
        })
        .from(outboundMessages)
        .where(
          and(
            eq(outboundMessages.programId, state.programId),
            eq(outboundMessages.contactId, contactId),
          ),
        )
        .orderBy(asc(outboundMessages.run), asc(outboundMessages.day));
      return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
    },
    /** Empties the tables the tests fill and makes the program and its pod again. */
    async reset() {
      await db().delete(outboundMessages);
      await db().delete(programs);
      await db().delete(products);
      await db().delete(pods);
      await db().delete(users).where(eq(users.role, 'participant'));
      const [product] = await db().insert(products).values({ name: 'Walks', days: 2 }).returning();
      await db()
        .insert(productMessages)
        .values(
          [0, 1, 2, 3].map((day) => ({
            productId: product!.id,
            day,
            text: `Day {day}, {first_name}: ${day === 0 ? 'welcome' : 'walk'}.`,
          })),
        );
      const [program] = await db()
        .insert(programs)
        .values({
          programName: 'Rolling Walks',
          productId: product!.id,
          startDate: START,
          sendTime: '09:00',
          timeZone: 'America/New_York',
          enrollment: 'rolling',
          createdAt: BEFORE,
          updatedAt: BEFORE,
        })
        .returning();
      state.programId = program!.id;
      const [pod] = await db()
        .insert(pods)
        .values({ podId: 'POD-ROLL', podName: 'Roll' })
        .returning();
      state.podId = pod!.id;
      await db().insert(programPods).values({ programId: state.programId, podId: state.podId });
    },
  };
}
