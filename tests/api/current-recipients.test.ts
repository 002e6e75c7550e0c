import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import {
  consentEvents,
  podMembers,
  pods,
  programPods,
  programs,
  users,
} from '../../src/server/db/schema';
import { currentRecipients, programRecipients } from '../../src/server/delivery/recipients';
import {
  CONTACT_STATUSES,
  POD_MEMBER_STATUSES,
  POD_STATUSES,
  ROLES,
} from '../../src/shared/constants';
import { RUNS } from './helpers/counting-window';
import { createTestDatabase, type TestDatabase } from './helpers/database';

/**
 * The dispatcher's last check before a program message goes (`currentRecipients`, on a claimed
 * batch's contacts) and the planner's recipients (`programRecipients`) against the rule itself,
 * stated here over generated pods, programs, contacts, memberships and phones' last words on
 * consent: the active participant members of the program's active pods whose contact is active,
 * opted in, not opted out and has a phone whose last word was not STOP (recipients.ts).
 */

const PODS = 3;
const PHONES = 3;

/** Mostly `usual`, sometimes any of `all`: most generated contacts are near recipients. */
const mostly = <T>(usual: T, all: readonly T[]) =>
  fc.oneof(
    { arbitrary: fc.constant(usual), weight: 3 },
    { arbitrary: fc.constantFrom(...all), weight: 1 },
  );

const contact = fc.record({
  role: mostly('participant', ROLES),
  status: mostly('active', CONTACT_STATUSES),
  smsVerified: mostly(true, [true, false]),
  optedOut: mostly(false, [true, false]),
  /** One of the run's phones (shared by contacts who draw the same), or none. */
  phone: fc.option(fc.nat({ max: PHONES - 1 }), { nil: null }),
  /** Per pod: not a member, or a member with this status. */
  memberships: fc.array(fc.option(fc.constantFrom(...POD_MEMBER_STATUSES), { nil: null }), {
    minLength: PODS,
    maxLength: PODS,
  }),
});

const world = fc.record({
  pods: fc.array(fc.constantFrom(...POD_STATUSES), { minLength: PODS, maxLength: PODS }),
  /** Each program's pods, by index. */
  programs: fc.array(fc.uniqueArray(fc.nat({ max: PODS - 1 }), { maxLength: PODS }), {
    minLength: 2,
    maxLength: 2,
  }),
  contacts: fc.array(contact, { minLength: 1, maxLength: 8 }),
  /** Each phone's last word on consent, if it said one. */
  consent: fc.array(fc.option(fc.constantFrom('opted_in', 'opted_out' as const), { nil: null }), {
    minLength: PHONES,
    maxLength: PHONES,
  }),
});
type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

let testDb: TestDatabase;
let db: Db;
/** Each run's names and phones are its own: the consent log keeps every earlier run's rows. */
let runs = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(() => testDb.dispose());

/** Writes the world; its programs' ids and its contacts' ids, in order. */
async function write(w: World) {
  runs += 1;
  const phone = (i: number) => `+1212${String(runs).padStart(3, '0')}${String(i).padStart(4, '0')}`;
  const podRows = await db
    .insert(pods)
    .values(
      w.pods.map((status, i) => ({ podId: `POD-R${runs}-${i}`, podName: `R${runs} ${i}`, status })),
    )
    .returning({ id: pods.id });
  const programIds: string[] = [];
  for (const [i, podIndexes] of w.programs.entries()) {
    const [program] = await db
      .insert(programs)
      .values({ programName: `Run ${runs} program ${i}` })
      .returning({ id: programs.id });
    programIds.push(program!.id);
    if (podIndexes.length > 0) {
      await db
        .insert(programPods)
        .values(podIndexes.map((p) => ({ programId: program!.id, podId: podRows[p]!.id })));
    }
  }
  const contactRows = await db
    .insert(users)
    .values(
      w.contacts.map((c, i) => ({
        email: `run${runs}-${i}@example.org`,
        firstName: `C${i}`,
        role: c.role,
        status: c.status,
        smsVerified: c.smsVerified,
        smsOptedOutAt: c.optedOut ? new Date('2026-03-01T12:00:00Z') : null,
        phone: c.phone === null ? null : phone(c.phone),
      })),
    )
    .returning({ id: users.id });
  const members = w.contacts.flatMap((c, i) =>
    c.memberships.flatMap((status, p) =>
      status === null ? [] : [{ podId: podRows[p]!.id, userId: contactRows[i]!.id, status }],
    ),
  );
  if (members.length > 0) await db.insert(podMembers).values(members);
  const words = w.consent.flatMap((event, i) =>
    event === null
      ? []
      : [
          {
            phone: phone(i),
            event,
            source: 'keyword' as const,
            at: new Date('2026-03-02T12:00:00Z'),
          },
        ],
  );
  if (words.length > 0) await db.insert(consentEvents).values(words);
  return { programIds, contactIds: contactRows.map((row) => row.id) };
}

/** The rule, over the world as generated: the indexes of the program's recipients. */
function recipientsByRule(w: World, program: number): number[] {
  return w.contacts.flatMap((c, i) => {
    const inProgram = c.memberships.some(
      (status, p) =>
        status === 'active' && w.pods[p] === 'active' && w.programs[program]!.includes(p),
    );
    const consents =
      c.role === 'participant' &&
      c.status === 'active' &&
      c.smsVerified &&
      !c.optedOut &&
      c.phone !== null &&
      w.consent[c.phone] !== 'opted_out';
    return inProgram && consents ? [i] : [];
  });
}

describe("a program's recipients now", () => {
  it('are, at the dispatcher and at the planner alike, those the rule names', async () => {
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        const { programIds, contactIds } = await write(w);
        for (const [program, programId] of programIds.entries()) {
          const expected = recipientsByRule(w, program)
            .map((i) => contactIds[i]!)
            .sort();
          const atSend = await currentRecipients(db, programId, contactIds);
          expect([...atSend].sort()).toEqual(expected);
          const planned = await programRecipients(db, programId);
          expect(planned.map((row) => row.contactId).sort()).toEqual(expected);
        }
      }),
      { numRuns: RUNS * 5 },
    );
  }, 600_000);
});
