import fc from 'fast-check';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, products, programs, users } from '../../src/server/db/schema';
import { analytics } from '../../src/server/services/analytics';
import { literals } from '../../src/server/services/analytics-range';
import { programDeliveries } from '../../src/server/services/deliveries';
import {
  deleteEmptyCounts,
  FIGURE_NAMES,
  FIGURE_SUMS,
  foldMessageCounts,
} from '../../src/server/services/message-counts';
import { ANALYTICS_TIME_ZONE, ANALYTICS_TOP_FAILURES } from '../../src/shared/analytics';
import {
  FAILURE_STATUSES,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  type MessageKind,
  type MessageStatus,
} from '../../src/shared/delivery';
import { wallClock, type LocalDate } from '../../src/shared/schedule';
import { createUser, startTestApp } from './helpers/app';
import { RANGES, RUNS, WINDOW_END, WINDOW_START } from './helpers/counting-window';

/**
 * The outbox's counts (migration 0024, services/message-counts.ts) against the rules themselves:
 * generated histories of inserts, status changes (hand-overs, callbacks in any order, retries),
 * deletions, retention and deleted contacts, with the counts folded in at random moments, and
 * after each history every figure Analytics and Deliveries read from the counts equals the same
 * figure counted here, in TypeScript, over every message there has been (shared/analytics.ts's
 * rules; retention removes messages, not what they counted).
 * The instants fall in the window of helpers/counting-window.ts.
 */

interface Message {
  id: string;
  programId: string | null;
  contactId: string | null;
  kind: MessageKind;
  day: number | null;
  status: MessageStatus;
  sentAt: Date | null;
  updatedAt: Date;
  errorCode: string | null;
  errorMessage: string | null;
  /** Removed by retention: gone from the outbox, still counted. */
  retained: boolean;
  /** Retained, and its month's recipients were made again from the messages left. */
  recipientLost: boolean;
}

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let programIds: string[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  const [product] = await ctx.db
    .insert(products)
    .values({ name: 'Counted Walks', days: 12 })
    .returning({ id: products.id });
  const made = await ctx.db
    .insert(programs)
    .values(
      ['Alder', 'Birch', 'Cedar'].map((name) => ({
        programName: name,
        productId: product!.id,
        startDate: '2026-02-26',
        sendTime: '09:00',
        timeZone: 'America/Los_Angeles' as const,
      })),
    )
    .returning({ id: programs.id });
  programIds = made.map((row) => row.id);
});

afterAll(async () => {
  await ctx?.close();
});

const laDate = (at: Date) => wallClock(at, ANALYTICS_TIME_ZONE).date;
const COUNTED_UNSENT: MessageStatus[] = ['failed', 'undelivered', 'expired'];
const countDate = (m: Message) =>
  m.sentAt ? laDate(m.sentAt) : COUNTED_UNSENT.includes(m.status) ? laDate(m.updatedAt) : null;
const isFailure = (status: MessageStatus) =>
  (FAILURE_STATUSES as readonly string[]).includes(status);

const instant = fc.integer({ min: WINDOW_START, max: WINDOW_END }).map((ms) => new Date(ms));
const reason = fc.constantFrom(
  { errorCode: '30003', errorMessage: 'Unreachable destination handset' },
  { errorCode: '30005', errorMessage: 'Unknown destination handset' },
  { errorCode: null, errorMessage: 'Too late to send' },
  { errorCode: null, errorMessage: null },
);

const insertOp = fc.record({
  op: fc.constant('insert' as const),
  rows: fc.array(
    fc.record({
      program: fc.integer({ min: -1, max: 2 }),
      contact: fc.integer({ min: -1, max: 3 }),
      kind: fc.constantFrom(...MESSAGE_KINDS),
      day: fc.option(fc.integer({ min: 0, max: 13 })),
      status: fc.constantFrom(...MESSAGE_STATUSES),
      handedOver: fc.boolean(),
      at: instant,
      reason,
    }),
    { minLength: 1, maxLength: 12 },
  ),
});
const updateOp = fc.record({
  op: fc.constant('update' as const),
  pick: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
  status: fc.constantFrom(...MESSAGE_STATUSES),
  handOver: fc.boolean(),
  at: instant,
  reason,
});
const deleteOp = fc.record({
  op: fc.constantFrom('delete' as const, 'retention' as const),
  pick: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
});
const contactOp = fc.record({ op: fc.constant('delete-contact' as const), contact: fc.nat(3) });
const foldOp = fc.record({ op: fc.constant('fold' as const) });
const history = fc.array(
  fc.oneof(insertOp, insertOp, updateOp, updateOp, deleteOp, contactOp, foldOp),
  {
    minLength: 1,
    maxLength: 14,
  },
);

type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

/** Replays one history on the database and on the list, from an empty outbox and new contacts. */
async function replay(ops: History) {
  await ctx.db.execute(sql`delete from outbound_messages`);
  await ctx.db.execute(sql`delete from message_counts`);
  await ctx.db.execute(sql`delete from message_count_changes`);
  await ctx.db.execute(sql`delete from program_recipient_months`);
  await ctx.db.execute(sql`delete from program_recipients`);
  await ctx.db.execute(sql`delete from recipient_day_counts`);
  await ctx.db.execute(sql`delete from recipient_day_changes`);
  const contacts: (string | null)[] = [];
  for (let i = 0; i < 4; i++) {
    const { user } = await createUser(ctx.db, { role: 'participant' });
    contacts.push(user.id);
  }
  const model: Message[] = [];
  const live = () => model.filter((m) => !m.retained);
  const picked = (pick: number[]) => {
    const rows = live();
    return rows.length === 0 ? [] : [...new Set(pick.map((n) => rows[n % rows.length]!))];
  };

  for (const step of ops) {
    if (step.op === 'insert') {
      const values = step.rows.map((row) => {
        const sentAt = row.handedOver ? row.at : null;
        return {
          kind: row.kind,
          programId: row.program < 0 ? null : programIds[row.program]!,
          contactId: row.contact < 0 ? null : contacts[row.contact]!,
          day: row.day,
          // Each program's day for a contact is unique per run: every row its own run.
          run: model.length + step.rows.indexOf(row) + 1,
          toPhone: '+15035550100',
          body: 'Counted',
          status: row.status,
          expiresAt: new Date(WINDOW_END),
          sentAt,
          errorCode: row.reason.errorCode,
          errorMessage: row.reason.errorMessage,
          updatedAt: row.at,
        };
      });
      const made = await ctx.db
        .insert(outboundMessages)
        .values(values)
        .returning({ id: outboundMessages.id });
      made.forEach(({ id }, index) => {
        const v = values[index]!;
        model.push({
          id,
          programId: v.programId,
          contactId: v.contactId,
          kind: v.kind,
          day: v.day,
          status: v.status,
          sentAt: v.sentAt,
          updatedAt: v.updatedAt,
          errorCode: v.errorCode,
          errorMessage: v.errorMessage,
          retained: false,
          recipientLost: false,
        });
      });
    } else if (step.op === 'update') {
      const rows = picked(step.pick);
      if (rows.length === 0) continue;
      // As the engine writes a status: the first hand-over's time stays (coalesce).
      await ctx.db
        .update(outboundMessages)
        .set({
          status: step.status,
          sentAt: step.handOver
            ? sql`coalesce(${outboundMessages.sentAt}, ${step.at.toISOString()}::timestamptz)`
            : undefined,
          errorCode: step.reason.errorCode,
          errorMessage: step.reason.errorMessage,
          updatedAt: step.at,
        })
        .where(
          inArray(
            outboundMessages.id,
            rows.map((m) => m.id),
          ),
        );
      for (const m of rows) {
        m.status = step.status;
        if (step.handOver) m.sentAt ??= step.at;
        m.errorCode = step.reason.errorCode;
        m.errorMessage = step.reason.errorMessage;
        m.updatedAt = step.at;
      }
    } else if (step.op === 'delete' || step.op === 'retention') {
      const rows = picked(step.pick);
      if (rows.length === 0) continue;
      const ids = rows.map((m) => m.id);
      if (step.op === 'retention') {
        await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('tidings.retention', 'on', true)`);
          await tx.delete(outboundMessages).where(inArray(outboundMessages.id, ids));
        });
        for (const m of rows) m.retained = true;
      } else {
        await ctx.db.delete(outboundMessages).where(inArray(outboundMessages.id, ids));
        // The months of their recipients are made again from the messages left.
        const month = (at: Date) => laDate(at).slice(0, 7);
        const touched = new Set(
          rows
            .filter((m) => m.sentAt && m.programId && m.contactId)
            .map((m) => `${m.programId} ${m.contactId} ${month(m.sentAt!)}`),
        );
        for (const m of model) {
          if (
            m.retained &&
            m.sentAt &&
            touched.has(`${m.programId} ${m.contactId} ${month(m.sentAt)}`)
          )
            m.recipientLost = true;
        }
        model.splice(0, model.length, ...model.filter((m) => !ids.includes(m.id)));
      }
    } else if (step.op === 'delete-contact') {
      const id = contacts[step.contact];
      if (!id) continue;
      await ctx.db.delete(users).where(eq(users.id, id));
      contacts[step.contact] = null;
      for (const m of model) if (m.contactId === id) m.contactId = null;
    } else {
      await foldMessageCounts(ctx.db);
    }
  }
  return model;
}

/** Analytics' message figures of a range, counted here over the list. */
function expectedAnalytics(
  model: Message[],
  [from, to]: [LocalDate, LocalDate],
  programId?: string,
) {
  const counted = model.filter((m) => {
    const date = countDate(m);
    return date !== null && date >= from && date <= to && (!programId || m.programId === programId);
  });
  const days = new Map<string, { sent: number; delivered: number; failed: number }>();
  for (const m of counted) {
    const day = days.get(countDate(m)!) ?? { sent: 0, delivered: 0, failed: 0 };
    if (m.sentAt) day.sent += 1;
    if (m.sentAt && m.status === 'delivered') day.delivered += 1;
    if (isFailure(m.status)) day.failed += 1;
    days.set(countDate(m)!, day);
  }
  const reasons = new Map<
    string,
    { errorCode: string | null; errorMessage: string | null; count: number }
  >();
  for (const m of counted.filter((m) => isFailure(m.status))) {
    const key = JSON.stringify([m.errorCode, m.errorMessage]);
    const found = reasons.get(key) ?? {
      errorCode: m.errorCode,
      errorMessage: m.errorMessage,
      count: 0,
    };
    found.count += 1;
    reasons.set(key, found);
  }
  const programs = new Map<string, { sent: number; delivered: number; recipients: Set<string> }>();
  for (const m of counted.filter((m) => m.programId)) {
    const p = programs.get(m.programId!) ?? { sent: 0, delivered: 0, recipients: new Set() };
    if (m.sentAt) p.sent += 1;
    if (m.sentAt && m.status === 'delivered') p.delivered += 1;
    if (m.sentAt && m.contactId && !m.recipientLost) p.recipients.add(m.contactId);
    programs.set(m.programId!, p);
  }
  return {
    days: [...days].filter(([, d]) => d.sent || d.failed || d.delivered),
    totals: {
      sent: counted.filter((m) => m.sentAt).length,
      delivered: counted.filter((m) => m.sentAt && m.status === 'delivered').length,
      failed: counted.filter((m) => isFailure(m.status)).length,
      expired: counted.filter((m) => m.status === 'expired').length,
    },
    reasons: [...reasons.values()],
    programs: Object.fromEntries(
      [...programs].map(([id, p]) => [
        id,
        { sent: p.sent, delivered: p.delivered, recipients: p.recipients.size },
      ]),
    ),
  };
}

async function expectCountsMatch(model: Message[]) {
  for (const range of RANGES) {
    for (const programId of [undefined, programIds[0]]) {
      const query = { from: range[0], to: range[1], ...(programId ? { programId } : {}) };
      const answer = await analytics(ctx.db, query);
      const expected = expectedAnalytics(model, range, programId);
      expect(answer.totals).toMatchObject(expected.totals);
      expect(
        answer.days
          .filter((d) => d.sent || d.failed || d.delivered)
          .map((d) => [d.date, { sent: d.sent, delivered: d.delivered, failed: d.failed }]),
      ).toEqual(expected.days.sort(([a], [b]) => a.localeCompare(b)));
      // The top reasons: by count, then code and words; ties at the cut may go either way.
      const byCount = expected.reasons.sort((a, b) => b.count - a.count);
      expect(answer.failures.map((f) => f.count)).toEqual(
        byCount.slice(0, ANALYTICS_TOP_FAILURES).map((r) => r.count),
      );
      for (const failure of answer.failures) expect(byCount).toContainEqual(failure);
      expect(
        Object.fromEntries(
          answer.programs.map((p) => [
            p.programId,
            { sent: p.sent, delivered: p.delivered, recipients: p.recipients },
          ]),
        ),
      ).toEqual(expected.programs);
    }
  }
  for (const programId of programIds) {
    const answer = await programDeliveries(ctx.db, programId, new Date(WINDOW_END));
    const ofProgram = model.filter(
      (m) => m.programId === programId && m.kind === 'program' && m.day !== null,
    );
    for (const day of answer.days) {
      const mine = ofProgram.filter((m) => m.day === day.day);
      for (const status of MESSAGE_STATUSES)
        expect([day.day, status, day[status]]).toEqual([
          day.day,
          status,
          mine.filter((m) => m.status === status).length,
        ]);
      const failures = mine.filter((m) => isFailure(m.status));
      expect(day.failures.reduce((total, f) => total + f.count, 0)).toBe(failures.length);
      for (const f of day.failures)
        expect(f.count).toBe(
          failures.filter((m) => m.errorCode === f.errorCode && m.errorMessage === f.errorMessage)
            .length,
        );
    }
    const listed = new Set(answer.days.map((d) => d.day));
    expect(ofProgram.filter((m) => !listed.has(m.day!))).toEqual([]);
  }
}

/** A query's rows as sorted JSON lines, leaving out those whose every figure is 0. */
async function nonZeroRows(figures: readonly string[], query: SQL) {
  const { rows } = (await ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return rows
    .filter((row) => figures.some((figure) => row[figure] !== 0))
    .map((row) => JSON.stringify(row))
    .sort();
}

/**
 * The sums that Analytics reads (migration 0030) are `message_counts` summed: each day's,
 * program's and program day's figures, and the failures by reason.
 */
async function expectFiguresAreSums() {
  const figures = FIGURE_NAMES;
  const group = sql`count_date::text as count_date, program_id, kind, day`;
  expect(
    await nonZeroRows(
      figures,
      sql`select ${group}, ${sql.raw(figures.join(', '))} from message_day_figures`,
    ),
  ).toEqual(
    await nonZeroRows(
      figures,
      sql`select ${group}, ${FIGURE_SUMS} from message_counts group by 1, 2, 3, 4`,
    ),
  );
  const reason = sql`count_date::text as count_date, program_id, error_code, error_message`;
  expect(
    await nonZeroRows(['messages'], sql`select ${reason}, messages from message_failure_counts`),
  ).toEqual(
    await nonZeroRows(
      ['messages'],
      sql`select ${reason}, sum(messages)::int as messages from message_counts
        where status in (${literals(FAILURE_STATUSES)}) group by 1, 2, 3, 4`,
    ),
  );
}

describe('the outbox counts', () => {
  it('equal the messages counted one by one, whatever happened to them', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (ops) => {
        const model = await replay(ops);
        await expectCountsMatch(model);
        // Folded or not, the same figures.
        await foldMessageCounts(ctx.db);
        await expectCountsMatch(model);
        await expectFiguresAreSums();
        // And after the hourly maintenance has deleted the counts that came to zero.
        await deleteEmptyCounts(ctx.db);
        await expectCountsMatch(model);
        await expectFiguresAreSums();
      }),
      { numRuns: RUNS },
    );
    // RUNS histories replayed, each compared on four ranges before and after a fold, and after
    // the empty counts are deleted.
  }, 120_000);

  it('keep a day whose messages one fold moves from sent to delivered', async () => {
    // Two messages handed over on one day, then delivered one fold apart: the second fold changes
    // two counts of the day (sent down, delivered up) and leaves its number of messages as it was.
    const at = new Date(WINDOW_START + 3 * 86_400_000);
    const noReason = { errorCode: null, errorMessage: null };
    const sent = { program: 0, kind: 'program' as const, day: 1, status: 'sent' as const };
    const delivered = (pick: number): History[number] => ({
      op: 'update',
      pick: [pick],
      status: 'delivered',
      handOver: true,
      at,
      reason: noReason,
    });
    const model = await replay([
      {
        op: 'insert',
        rows: [0, 1].map((contact) => ({
          ...sent,
          contact,
          handedOver: true,
          at,
          reason: noReason,
        })),
      },
      { op: 'fold' },
      delivered(0),
      { op: 'fold' },
      delivered(1),
      { op: 'fold' },
    ]);
    expect(model.map((m) => m.status)).toEqual(['delivered', 'delivered']);
    await expectCountsMatch(model);
    await expectFiguresAreSums();
  });
});
