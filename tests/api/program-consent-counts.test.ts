import fc from 'fast-check';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consentEvents,
  inboundMessages,
  outboundMessages,
  podMembers,
  pods,
  products,
  programPods,
  programs,
  users,
} from '../../src/server/db/schema';
import { analytics } from '../../src/server/services/analytics';
import { deleteEmptyCounts, foldMessageCounts } from '../../src/server/services/message-counts';
import { ANALYTICS_TIME_ZONE } from '../../src/shared/analytics';
import { wallClock, type LocalDate } from '../../src/shared/schedule';
import { createUser, startTestApp } from './helpers/app';
import { RANGES, RUNS, WINDOW_END, WINDOW_START } from './helpers/counting-window';
import { consentOverRows, programOptOutsOverRows } from './helpers/consent-over-rows';

/**
 * A program's opt-ins, opt-outs and replies (migration 0033, docs/rollups.md) against the rule
 * itself: those of the people in its pods now. Generated histories of memberships added, removed
 * and deleted, pods given to programs and taken back, a program deleted and another made, consent
 * changes and their removal (the demo's), replies received, moved to another contact, deleted and
 * removed by retention, and contacts deleted, folded at random moments; after each, what Analytics
 * shows for each program, and for everyone, equals the same figures counted here in TypeScript.
 * The instants fall in the window of helpers/counting-window.ts.
 */
/** A message of each program on these days, so that every range lists every program. */
const ACTIVE_ON = ['2026-03-01T20:00:00Z', '2026-03-05T20:00:00Z', '2026-03-08T19:00:00Z'];
const CONTACTS = 3;
const PODS = 2;
const PROGRAMS = 2;

interface Consent {
  id: string;
  contact: string | null;
  event: 'opted_in' | 'opted_out' | 'verified';
  at: Date;
}

interface Reply {
  id: string;
  contact: string | null;
  at: Date;
  /** Removed by retention: gone, still counted. */
  retained: boolean;
}

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let productId: string;
let podIds: string[] = [];
let sequence = 0;

beforeAll(async () => {
  ctx = await startTestApp();
  const [product] = await ctx.db
    .insert(products)
    .values({ name: 'Counted People', days: 12 })
    .returning({ id: products.id });
  productId = product!.id;
  const made = await ctx.db
    .insert(pods)
    .values(
      Array.from({ length: PODS }, (_, i) => ({ podId: `POD-PEOPLE-${i}`, podName: `Pod ${i}` })),
    )
    .returning({ id: pods.id });
  podIds = made.map((row) => row.id);
});

afterAll(async () => {
  await ctx?.close();
});

/** A program with a message handed over on each of `ACTIVE_ON`. */
async function makeProgram(name: string): Promise<string> {
  const [program] = await ctx.db
    .insert(programs)
    .values({
      programName: name,
      productId,
      startDate: '2026-02-26',
      sendTime: '09:00',
      timeZone: 'America/Los_Angeles',
    })
    .returning({ id: programs.id });
  await ctx.db.insert(outboundMessages).values(
    ACTIVE_ON.map((at, i) => ({
      kind: 'program' as const,
      programId: program!.id,
      day: i,
      toPhone: '+15035550100',
      body: 'Counted',
      status: 'sent' as const,
      expiresAt: new Date(WINDOW_END),
      sentAt: new Date(at),
      updatedAt: new Date(at),
    })),
  );
  return program!.id;
}

const instant = fc.integer({ min: WINDOW_START, max: WINDOW_END - 1 }).map((ms) => new Date(ms));
const contact = fc.integer({ min: -1, max: CONTACTS - 1 });
const pick = fc.array(fc.nat(), { minLength: 1, maxLength: 3 });
// Weighted so that a history often makes a person a program's, counts something of theirs, folds,
// and then takes them out again: the paths where the fold must add or take away a whole history.
const history = fc.array(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        op: fc.constant('member' as const),
        contact: fc.nat(CONTACTS - 1),
        pod: fc.nat(PODS - 1),
        status: fc.constantFrom(
          'active' as const,
          'active' as const,
          'removed' as const,
          'delete' as const,
        ),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constantFrom('attach' as const, 'attach' as const, 'detach' as const),
        pod: fc.nat(PODS - 1),
        program: fc.nat(PROGRAMS - 1),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('replace-program' as const),
        program: fc.nat(PROGRAMS - 1),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('consent' as const),
        rows: fc.array(
          fc.record({
            contact,
            event: fc.constantFrom('opted_in' as const, 'opted_out' as const, 'verified' as const),
            at: instant,
          }),
          { minLength: 1, maxLength: 4 },
        ),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('reply' as const),
        rows: fc.array(fc.record({ contact, at: instant }), { minLength: 1, maxLength: 4 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('relink' as const), pick, contact }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constantFrom('delete-reply' as const, 'retention' as const),
        pick,
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete-consent' as const), pick }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('delete-contact' as const),
        contact: fc.nat(CONTACTS - 1),
      }),
    },
    { weight: 5, arbitrary: fc.record({ op: fc.constant('fold' as const) }) },
  ),
  { minLength: 10, maxLength: 30, size: 'max' },
);

type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

interface Model {
  programs: string[];
  contacts: (string | null)[];
  /** `pod contact` → status. */
  members: Map<string, 'active' | 'removed'>;
  /** `pod program`. */
  attached: Set<string>;
  consent: Consent[];
  replies: Reply[];
}

/** Replays one history on the database and on the model, from no pods' members and new people. */
async function replay(ops: History): Promise<Model> {
  await ctx.db.execute(sql`delete from consent_events`);
  await ctx.db.execute(sql`delete from inbound_messages`);
  await ctx.db.execute(sql`delete from pod_members`);
  await ctx.db.execute(sql`delete from program_pods`);
  await ctx.db.execute(sql`delete from outbound_messages`);
  await ctx.db.execute(sql`delete from programs`);
  for (const table of [
    'reply_counts',
    'day_counts',
    'day_count_changes',
    'program_people',
    'program_day_counts',
    'person_day_changes',
    'program_people_changes',
    'message_counts',
    'message_count_changes',
    'recipient_handovers',
  ]) {
    await ctx.db.execute(sql`delete from ${sql.identifier(table)}`);
  }
  const model: Model = {
    programs: [],
    contacts: [],
    members: new Map(),
    attached: new Set(),
    consent: [],
    replies: [],
  };
  for (let i = 0; i < PROGRAMS; i++) model.programs.push(await makeProgram(`Program ${i}`));
  for (let i = 0; i < CONTACTS; i++) {
    const { user } = await createUser(ctx.db, { role: 'participant' });
    model.contacts.push(user.id);
  }
  const contactOf = (n: number) => (n < 0 ? null : model.contacts[n]!);
  const picked = <T>(rows: T[], pick: number[]) =>
    rows.length === 0 ? [] : [...new Set(pick.map((n) => rows[n % rows.length]!))];

  for (const step of ops) {
    if (step.op === 'member') {
      const userId = model.contacts[step.contact];
      if (!userId) continue;
      const podId = podIds[step.pod]!;
      const key = `${podId} ${userId}`;
      const where = and(eq(podMembers.podId, podId), eq(podMembers.userId, userId));
      if (step.status === 'delete') {
        await ctx.db.delete(podMembers).where(where);
        model.members.delete(key);
      } else {
        await ctx.db
          .insert(podMembers)
          .values({ podId, userId, status: step.status })
          .onConflictDoUpdate({
            target: [podMembers.podId, podMembers.userId],
            set: { status: step.status },
          });
        model.members.set(key, step.status);
      }
    } else if (step.op === 'attach' || step.op === 'detach') {
      const podId = podIds[step.pod]!;
      const programId = model.programs[step.program]!;
      const key = `${podId} ${programId}`;
      if (step.op === 'attach') {
        await ctx.db.insert(programPods).values({ podId, programId }).onConflictDoNothing();
        model.attached.add(key);
      } else {
        await ctx.db
          .delete(programPods)
          .where(and(eq(programPods.podId, podId), eq(programPods.programId, programId)));
        model.attached.delete(key);
      }
    } else if (step.op === 'replace-program') {
      // Its pods go with it (their program_pods rows); the new program has none yet.
      const gone = model.programs[step.program]!;
      await ctx.db.delete(outboundMessages).where(eq(outboundMessages.programId, gone));
      await ctx.db.delete(programs).where(eq(programs.id, gone));
      for (const key of [...model.attached]) {
        if (key.endsWith(` ${gone}`)) model.attached.delete(key);
      }
      sequence += 1;
      model.programs[step.program] = await makeProgram(`Program ${step.program}.${sequence}`);
    } else if (step.op === 'consent') {
      const values = step.rows.map((row) => ({
        contactId: contactOf(row.contact),
        phone: '+15035550123',
        event: row.event,
        source: 'keyword' as const,
        at: row.at,
        demo: true,
      }));
      const made = await ctx.db
        .insert(consentEvents)
        .values(values)
        .returning({ id: consentEvents.id });
      made.forEach(({ id }, i) =>
        model.consent.push({
          id,
          contact: values[i]!.contactId,
          event: values[i]!.event,
          at: values[i]!.at,
        }),
      );
    } else if (step.op === 'reply') {
      const values = step.rows.map((row) => {
        sequence += 1;
        return {
          providerMessageId: `SMpeople${sequence}`,
          fromPhone: '+15035550123',
          toPhone: '+15035550100',
          body: 'Hello',
          contactId: contactOf(row.contact),
          receivedAt: row.at,
        };
      });
      const made = await ctx.db
        .insert(inboundMessages)
        .values(values)
        .returning({ id: inboundMessages.id });
      made.forEach(({ id }, i) =>
        model.replies.push({
          id,
          contact: values[i]!.contactId,
          at: values[i]!.receivedAt,
          retained: false,
        }),
      );
    } else if (step.op === 'relink') {
      const rows = picked(
        model.replies.filter((r) => !r.retained),
        step.pick,
      );
      if (rows.length === 0) continue;
      const contactId = contactOf(step.contact);
      await ctx.db
        .update(inboundMessages)
        .set({ contactId })
        .where(
          inArray(
            inboundMessages.id,
            rows.map((r) => r.id),
          ),
        );
      for (const r of rows) r.contact = contactId;
    } else if (step.op === 'delete-reply' || step.op === 'retention') {
      const rows = picked(
        model.replies.filter((r) => !r.retained),
        step.pick,
      );
      if (rows.length === 0) continue;
      const ids = rows.map((r) => r.id);
      await ctx.db.transaction(async (tx) => {
        if (step.op === 'retention') {
          await tx.execute(sql`select set_config('tidings.retention', 'on', true)`);
        }
        await tx.delete(inboundMessages).where(inArray(inboundMessages.id, ids));
      });
      if (step.op === 'retention') for (const r of rows) r.retained = true;
      else model.replies = model.replies.filter((r) => !ids.includes(r.id));
    } else if (step.op === 'delete-consent') {
      const rows = picked(model.consent, step.pick);
      if (rows.length === 0) continue;
      const ids = rows.map((e) => e.id);
      await ctx.db.delete(consentEvents).where(inArray(consentEvents.id, ids));
      model.consent = model.consent.filter((e) => !ids.includes(e.id));
    } else if (step.op === 'delete-contact') {
      const id = model.contacts[step.contact];
      // The consent log names its contacts for ever: one it names cannot be deleted.
      if (!id || model.consent.some((e) => e.contact === id)) continue;
      await ctx.db.delete(users).where(eq(users.id, id));
      model.contacts[step.contact] = null;
      for (const key of [...model.members.keys()]) {
        if (key.endsWith(` ${id}`)) model.members.delete(key);
      }
      for (const r of model.replies) if (r.contact === id) r.contact = null;
    } else {
      await foldMessageCounts(ctx.db);
    }
  }
  return model;
}

const laDate = (at: Date) => wallClock(at, ANALYTICS_TIME_ZONE).date;

/** The figures of a range counted on the model: everyone's, or the people in a program's pods. */
function expected(model: Model, [from, to]: [LocalDate, LocalDate], programId?: string) {
  const inRange = (at: Date) => laDate(at) >= from && laDate(at) <= to;
  const people = new Set(
    [...model.members]
      .filter(([, status]) => status === 'active')
      .map(([key]) => key.split(' '))
      .filter(([pod]) => !programId || model.attached.has(`${pod} ${programId}`))
      .map(([, contactId]) => contactId!),
  );
  const counted = (contactId: string | null) =>
    !programId || (contactId !== null && people.has(contactId));
  const events = (event: Consent['event']) =>
    model.consent.filter((e) => e.event === event && inRange(e.at) && counted(e.contact)).length;
  return {
    optIns: events('opted_in'),
    optOuts: events('opted_out'),
    replies: model.replies.filter((r) => inRange(r.at) && counted(r.contact)).length,
  };
}

async function expectFiguresMatch(model: Model) {
  for (const range of RANGES) {
    const everyone = await analytics(ctx.db, { from: range[0], to: range[1] });
    expect(everyone.totals).toMatchObject(expected(model, range));
    expect(Object.fromEntries(everyone.programs.map((p) => [p.programId, p.optOuts]))).toEqual(
      Object.fromEntries(model.programs.map((id) => [id, expected(model, range, id).optOuts])),
    );
    for (const programId of model.programs) {
      const answer = await analytics(ctx.db, { from: range[0], to: range[1], programId });
      const { optIns, optOuts, replies } = answer.totals;
      expect({ programId, optIns, optOuts, replies }).toEqual({
        programId,
        ...expected(model, range, programId),
      });
    }
  }
}

describe("a program's people's consent and replies", () => {
  it('equal those of the people in its pods now, whatever happened before', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (ops) => {
        const model = await replay(ops);
        // Analytics folds what is pending before it reads.
        await expectFiguresMatch(model);
        // And after the hourly maintenance has deleted the counts that came to zero.
        await deleteEmptyCounts(ctx.db);
        await expectFiguresMatch(model);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});

describe('a person leaving a program', () => {
  it('takes their opt-out out of its figures, for every day before', async () => {
    const at = new Date('2026-03-03T18:00:00Z');
    const model = await replay([
      { op: 'member', contact: 0, pod: 0, status: 'active' },
      { op: 'attach', pod: 0, program: 0 },
      { op: 'consent', rows: [{ contact: 0, event: 'opted_out', at }] },
      { op: 'fold' },
      { op: 'member', contact: 0, pod: 0, status: 'removed' },
    ]);
    const range = { from: '2026-02-26', to: '2026-03-10' } as const;
    const before = expected(model, [range.from, range.to], model.programs[0]);
    expect(before.optOuts).toBe(0);
    await expectFiguresMatch(model);
  });
});

describe('writers, readers and the fold at once', () => {
  it('leave every program with the figures of the people in its pods', async () => {
    const model = await replay([
      { op: 'attach', pod: 0, program: 0 },
      { op: 'attach', pod: 1, program: 0 },
      { op: 'attach', pod: 1, program: 1 },
    ]);
    const contactIds = model.contacts as string[];
    // Each writer its own numbers (a linear congruential sequence), so that a run can be replayed.
    const writer = async (seed: number) => {
      let state = seed;
      const next = (n: number) => {
        state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
        // The high bits: an LCG's low bits repeat with short periods.
        return Math.floor(state / 65_536) % n;
      };
      for (let i = 0; i < 20; i++) {
        const userId = contactIds[next(CONTACTS)]!;
        const at = new Date(WINDOW_START + next(WINDOW_END - WINDOW_START));
        // A person's pod and their consent or reply changed in one transaction: the fold must
        // see both or neither.
        await ctx.db.transaction(async (tx) => {
          const status = next(3) === 0 ? 'removed' : 'active';
          await tx
            .insert(podMembers)
            .values({ podId: podIds[next(PODS)]!, userId, status })
            .onConflictDoUpdate({ target: [podMembers.podId, podMembers.userId], set: { status } });
          if (next(2) === 0) {
            await tx.insert(consentEvents).values({
              contactId: userId,
              phone: '+15035550123',
              event: next(2) === 0 ? 'opted_out' : 'opted_in',
              source: 'keyword',
              at,
              demo: true,
            });
          } else {
            sequence += 1;
            await tx.insert(inboundMessages).values({
              providerMessageId: `SMtogether${sequence}`,
              fromPhone: '+15035550123',
              toPhone: '+15035550100',
              body: 'Hello',
              contactId: userId,
              receivedAt: at,
            });
          }
        });
      }
    };
    let writing = true;
    const folds = (async () => {
      while (writing) {
        await foldMessageCounts(ctx.db);
        await analytics(ctx.db, {
          from: RANGES[0]![0],
          to: RANGES[0]![1],
          programId: model.programs[0],
        });
      }
    })();
    await Promise.all([1, 2, 3, 4].map(writer));
    writing = false;
    await folds;

    const whole = { from: RANGES[0]![0], to: RANGES[0]![1], programId: model.programs[0] };
    expect(await consentOverRows(ctx.db, whole)).toEqual({
      optIns: expect.toSatisfy((n: number) => n > 0),
      optOuts: expect.toSatisfy((n: number) => n > 0),
      replies: expect.toSatisfy((n: number) => n > 0),
    });
    for (const [from, to] of RANGES) {
      const everyone = await analytics(ctx.db, { from, to });
      expect(Object.fromEntries(everyone.programs.map((p) => [p.programId, p.optOuts]))).toEqual(
        await programOptOutsOverRows(ctx.db, { from, to }, model.programs),
      );
      for (const programId of model.programs) {
        const query = { from, to, programId };
        const { optIns, optOuts, replies } = (await analytics(ctx.db, query)).totals;
        expect({ optIns, optOuts, replies }).toEqual(await consentOverRows(ctx.db, query));
      }
    }
  });
});
