import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, products, programs } from '../../src/server/db/schema';
import { analytics } from '../../src/server/services/analytics';
import { foldMessageCounts } from '../../src/server/services/message-counts';
import type { LocalDate } from '../../src/shared/schedule';
import { createUser, startTestApp } from './helpers/app';

/**
 * A program's recipients are counted by day (migration 0028): adding a hand-over reads the days its
 * recipient had and writes the new ones, and a second at once must count from the days the first
 * wrote, or a person handed two days' messages by two workers would count as two people over a
 * range holding both days. Since migration 0032 the hand-overs are only appended, and added by the
 * fold or by a reader of Analytics, one at a time (the fold's lock; PGlite runs one transaction at
 * a time anyway).
 */
let ctx: Awaited<ReturnType<typeof startTestApp>>;
let programId: string;
let contactId: string;

beforeAll(async () => {
  ctx = await startTestApp();
  const [product] = await ctx.db
    .insert(products)
    .values({ name: 'Counted Pairs', days: 5 })
    .returning({ id: products.id });
  const [program] = await ctx.db
    .insert(programs)
    .values({
      programName: 'Pairs',
      productId: product!.id,
      startDate: '2026-03-05',
      sendTime: '09:00',
      timeZone: 'America/Los_Angeles',
    })
    .returning({ id: programs.id });
  programId = program!.id;
  const { user } = await createUser(ctx.db, { role: 'participant' });
  contactId = user.id;
});

afterAll(async () => {
  await ctx?.close();
});

/** A queued message of the program to the contact, for program day `day`. */
async function queued(day: number, to = contactId) {
  const [row] = await ctx.db
    .insert(outboundMessages)
    .values({
      kind: 'program',
      programId,
      contactId: to,
      day,
      toPhone: '+15035550100',
      body: `Day ${day}`,
      status: 'queued',
      expiresAt: new Date('2026-04-01T00:00:00Z'),
    })
    .returning({ id: outboundMessages.id });
  return row!.id;
}

const handOver = (at: string) => ({ status: 'sent' as const, sentAt: new Date(at) });

const recipients = async (from: LocalDate, to: LocalDate) =>
  (await analytics(ctx.db, { from, to, programId })).programs[0]?.recipients ?? 0;

describe("a program's recipients by day", () => {
  it('count a person handed two days at once by two transactions once', async () => {
    const first = await queued(1);
    const second = await queued(2);
    const third = await queued(3);
    // Handed over out of order: the 7th first, then the 5th and the 6th at once.
    await ctx.db
      .update(outboundMessages)
      .set(handOver('2026-03-07T17:00:00Z'))
      .where(eq(outboundMessages.id, third));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstUpdated!: () => void;
    const updated = new Promise<void>((resolve) => (firstUpdated = resolve));
    const one = ctx.db.transaction(async (tx) => {
      await tx
        .update(outboundMessages)
        .set(handOver('2026-03-05T17:00:00Z'))
        .where(eq(outboundMessages.id, first));
      firstUpdated();
      await held;
    });
    await updated;
    const two = ctx.db
      .update(outboundMessages)
      .set(handOver('2026-03-06T17:00:00Z'))
      .where(eq(outboundMessages.id, second))
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([one, two]);

    const ranges: [LocalDate, LocalDate][] = [
      ['2026-03-05', '2026-03-07'],
      ['2026-03-05', '2026-03-06'],
      ['2026-03-06', '2026-03-07'],
      ['2026-03-06', '2026-03-06'],
      ['2026-03-01', '2026-03-31'],
    ];
    for (const range of ranges) expect(await recipients(...range), range.join(' to ')).toBe(1);
    expect(await recipients('2026-03-08', '2026-03-31')).toBe(0);
    await foldMessageCounts(ctx.db);
    for (const range of ranges) expect(await recipients(...range), range.join(' to ')).toBe(1);
  });

  it('count a person once when readers and the fold add the hand-overs at once', async () => {
    const { user } = await createUser(ctx.db, { role: 'participant' });
    for (const [day, at] of [
      [1, '2026-03-10T17:00:00Z'],
      [2, '2026-03-11T17:00:00Z'],
      [3, '2026-03-12T17:00:00Z'],
    ] as const) {
      await ctx.db
        .update(outboundMessages)
        .set(handOver(at))
        .where(eq(outboundMessages.id, await queued(day, user.id)));
    }
    const range = ['2026-03-10', '2026-03-12'] as const;
    const counted = await Promise.all([
      recipients(...range),
      recipients(...range),
      foldMessageCounts(ctx.db).then(() => recipients(...range)),
      recipients('2026-03-11', '2026-03-11'),
    ]);
    expect(counted).toEqual([1, 1, 1, 1]);
    expect(await recipients('2026-03-01', '2026-03-31')).toBe(2);
  });
});
