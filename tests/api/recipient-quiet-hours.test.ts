import { asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import {
  outboundMessages,
  podMembers,
  pods,
  productMessages,
  products,
  programPods,
  programs,
  users,
} from '../../src/server/db/schema';
import { neverOpenedText } from '../../src/server/delivery/cutoff';
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { createPlanner } from '../../src/server/delivery/planner';
import { programDeliveries } from '../../src/server/services/deliveries';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { stubProvider } from './helpers/sms';

/**
 * Quiet hours where the recipient may be (recipient-zones.ts), through the planner and the
 * dispatcher with an injected clock: by the address's state (Florida's 20:00 end), by the number's
 * area code when the address says nothing, by the program's zone for a number nothing places,
 * across the March and November changes of the US clocks, and the reason of a message whose
 * window never opened before its cutoff.
 */

const PUBLIC_URL = 'https://tidings.example.org';
const HOUR = 60 * 60 * 1000;
const BEFORE = new Date('2026-01-01T12:00:00Z');
const NEW_YORK = 'America/New_York' as const;

let testDb: TestDatabase;
let db: Db;
let clock = BEFORE;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(() => testDb.dispose());

beforeEach(async () => {
  await db.delete(outboundMessages);
  await db.delete(programs);
  await db.delete(products);
  await db.delete(pods);
  await db.delete(users);
});

let contacts = 0;
/** A recipient of the program: a participant, opted in, in its pod. */
async function recipient(
  name: string,
  phone: string,
  address: { state?: string; country?: string } = {},
) {
  contacts += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `${name.toLowerCase()}-${contacts}@example.org`,
      firstName: name,
      role: 'participant',
      status: 'active',
      phone,
      smsVerified: true,
      createdAt: BEFORE,
      ...address,
    })
    .returning();
  const [pod] = await db.select().from(pods);
  await db.insert(podMembers).values({ podId: pod!.id, userId: row!.id, joinedAt: BEFORE });
  return row!;
}

/** A one-day product (pre-message, day 1, conclusion) sent daily from `startDate`. */
async function program(startDate: string, sendTime: string) {
  const [product] = await db.insert(products).values({ name: 'Calm', days: 1 }).returning();
  await db
    .insert(productMessages)
    .values([0, 1, 2].map((day) => ({ productId: product!.id, day, text: `Day ${day}` })));
  const [pod] = await db.insert(pods).values({ podId: 'POD-Q', podName: 'Q' }).returning();
  const [row] = await db
    .insert(programs)
    .values({
      programName: 'Quiet',
      productId: product!.id,
      timeZone: NEW_YORK,
      startDate,
      sendTime,
      createdAt: BEFORE,
      updatedAt: BEFORE,
    })
    .returning();
  await db.insert(programPods).values({ programId: row!.id, podId: pod!.id });
  return row!;
}

/** The planner and the dispatcher on the test's clock, and what reached the provider when. */
function engine(cutoffMs: number) {
  const received: { to: string; body: string; at: string }[] = [];
  const provider = stubProvider((sms) => {
    received.push({ to: sms.to, body: sms.body, at: clock.toISOString() });
    return { ok: true, providerMessageId: `Q${received.length}` };
  });
  const planner = createPlanner({ db, publicUrl: PUBLIC_URL, cutoffMs, now: () => clock });
  const dispatcher = createDispatcher({
    db,
    provider,
    mps: 0,
    cutoffMs,
    log: Fastify().log,
    now: () => clock,
  });
  return {
    received,
    /** Runs both at each moment, in order. */
    async runAt(...moments: string[]) {
      for (const moment of moments) {
        clock = new Date(moment);
        await planner.planOnce();
        await dispatcher.runOnce();
      }
    },
    /** What `phone` received: 'Day n at <ISO>'. */
    to(phone: string) {
      return received.filter((m) => m.to === phone).map((m) => `${m.body} at ${m.at}`);
    },
  };
}

async function rowsOf(contactId: string) {
  return db
    .select({
      day: outboundMessages.day,
      status: outboundMessages.status,
      timeZone: outboundMessages.timeZone,
      sendWindowLatest: outboundMessages.sendWindowLatest,
      sendAfter: outboundMessages.sendAfter,
      errorMessage: outboundMessages.errorMessage,
    })
    .from(outboundMessages)
    .where(eq(outboundMessages.contactId, contactId))
    .orderBy(asc(outboundMessages.day));
}

describe('quiet hours where the recipient may be', () => {
  it('keeps Florida’s 20:00 end for a contact whose address is in Florida', async () => {
    // 19:30 in New York (EDT) on 1 June 2026 is 23:30 UTC.
    await program('2026-06-01', '19:30');
    const miami = await recipient('Mia', '+13055550101', { state: 'FL', country: 'US' });
    const manhattan = await recipient('Nico', '+12125550102');
    const run = engine(16 * HOUR);

    // Day 0 on time: 19:30 is daytime in Florida too.
    await run.runAt('2026-06-01T23:28:00Z', '2026-06-01T23:30:00Z');
    expect(run.to(miami.phone!)).toEqual(['Day 0 at 2026-06-01T23:30:00.000Z']);
    // Day 1, the engine a while late: at 20:15 New York has it, Florida waits for 08:00 in
    // Chicago (its western zone), 09:00 in New York.
    await run.runAt('2026-06-03T00:15:00Z');
    expect(run.to(manhattan.phone!)).toContain('Day 1 at 2026-06-03T00:15:00.000Z');
    expect(run.to(miami.phone!)).toHaveLength(1);
    expect((await rowsOf(miami.id))[1]).toMatchObject({
      status: 'queued',
      timeZone: 'America/New_York America/Chicago',
      sendWindowLatest: '20:00',
      sendAfter: new Date('2026-06-03T13:00:00Z'),
    });
    expect((await rowsOf(manhattan.id))[1]).toMatchObject({
      timeZone: NEW_YORK,
      sendWindowLatest: null,
    });
    await run.runAt('2026-06-03T12:59:00Z', '2026-06-03T13:00:00Z');
    expect(run.to(miami.phone!)).toEqual([
      'Day 0 at 2026-06-01T23:30:00.000Z',
      'Day 1 at 2026-06-03T13:00:00.000Z',
    ]);
  });

  it("waits for 08:00 where the number's area code is when the address says nothing", async () => {
    // 09:00 in New York is 06:00 in Los Angeles.
    const { id } = await program('2026-06-01', '09:00');
    const angeleno = await recipient('Lou', '+12135550103');
    const manhattan = await recipient('Nico', '+12125550104');
    const run = engine(4 * HOUR);
    await run.runAt('2026-06-01T12:58:00Z', '2026-06-01T13:00:00Z');
    expect(run.to(manhattan.phone!)).toEqual(['Day 0 at 2026-06-01T13:00:00.000Z']);
    expect(run.to(angeleno.phone!)).toEqual([]);
    expect(await rowsOf(angeleno.id)).toMatchObject([
      {
        status: 'queued',
        timeZone: 'America/Los_Angeles',
        sendWindowLatest: null,
        sendAfter: new Date('2026-06-01T15:00:00Z'),
      },
    ]);
    // The Deliveries panel and the schedule say so.
    expect(
      (await programDeliveries(db, id, new Date('2026-06-01T13:00:00Z'))).days[0]!.waiting,
    ).toEqual([{ until: '2026-06-01T15:00:00.000Z', timeZone: 'America/Los_Angeles', count: 1 }]);
    await run.runAt('2026-06-01T14:59:00Z', '2026-06-01T15:00:00Z');
    expect(run.to(angeleno.phone!)).toEqual(['Day 0 at 2026-06-01T15:00:00.000Z']);
  });

  it("keeps the program's zone for a number neither address nor dataset places", async () => {
    await program('2026-06-01', '08:00');
    // A US personal number (+1 533): in no area; the whole country would wait until 13:00.
    const unplaced = await recipient('Pat', '+15335550105');
    const run = engine(4 * HOUR);
    await run.runAt('2026-06-01T11:58:00Z', '2026-06-01T12:00:00Z');
    expect(run.to(unplaced.phone!)).toEqual(['Day 0 at 2026-06-01T12:00:00.000Z']);
    expect(await rowsOf(unplaced.id)).toMatchObject([{ timeZone: NEW_YORK, status: 'sent' }]);
  });

  it.each([
    {
      change: 'March',
      start: '2026-03-07',
      // 08:30 in New York: 13:30 UTC before the change, 12:30 after; 08:00 in Los Angeles: 16:00
      // UTC on Saturday (PST), 15:00 from Sunday (PDT).
      due: ['2026-03-07T13:30:00Z', '2026-03-08T12:30:00Z', '2026-03-09T12:30:00Z'],
      morning: ['2026-03-07T16:00:00.000Z', '2026-03-08T15:00:00.000Z', '2026-03-09T15:00:00.000Z'],
    },
    {
      change: 'November',
      start: '2026-10-31',
      due: ['2026-10-31T12:30:00Z', '2026-11-01T13:30:00Z', '2026-11-02T13:30:00Z'],
      morning: ['2026-10-31T15:00:00.000Z', '2026-11-01T16:00:00.000Z', '2026-11-02T16:00:00.000Z'],
    },
  ])(
    "waits for 08:00 in the area code's zone across the $change change",
    async ({ start, due, morning }) => {
      await program(start, '08:30');
      const angeleno = await recipient('Lou', '+12135550106');
      const manhattan = await recipient('Nico', '+12125550107');
      const run = engine(4 * HOUR);
      for (const [day, time] of due.entries()) {
        const minuteBefore = new Date(Date.parse(morning[day]!) - 60_000).toISOString();
        await run.runAt(time, minuteBefore, morning[day]!);
      }
      expect(run.to(manhattan.phone!)).toEqual(
        due.map((time, day) => `Day ${day} at ${new Date(time).toISOString()}`),
      );
      expect(run.to(angeleno.phone!)).toEqual(morning.map((time, day) => `Day ${day} at ${time}`));
    },
  );

  it('expires a message whose window never opened before its cutoff, saying so', async () => {
    // 09:00 in New York, 06:00 in Los Angeles; with a one-hour cutoff it is over at 07:00 there.
    await program('2026-06-01', '09:00');
    const angeleno = await recipient('Lou', '+12135550108');
    const miami = await recipient('Mia', '+13055550109', { state: 'Florida' });
    const run = engine(HOUR);
    await run.runAt('2026-06-01T13:00:00Z');
    expect(run.to(miami.phone!)).toEqual(['Day 0 at 2026-06-01T13:00:00.000Z']);
    expect(run.to(angeleno.phone!)).toEqual([]);
    expect(await rowsOf(angeleno.id)).toMatchObject([
      {
        status: 'expired',
        errorMessage: neverOpenedText(HOUR, ['America/Los_Angeles']),
      },
    ]);
    expect(neverOpenedText(HOUR, ['America/Los_Angeles'])).toBe(
      'No minute between 08:00 and 21:00 in Los Angeles came before its cutoff (1 hour after its time), so it was never sent.',
    );
    // Florida's evening: due at 20:30 in New York, past Florida's 20:00, over by 21:30.
    await db
      .update(programs)
      .set({ sendTime: '20:30', updatedAt: new Date('2026-06-01T14:00:00Z') });
    await run.runAt('2026-06-03T00:30:00Z');
    expect((await rowsOf(miami.id))[1]).toMatchObject({
      status: 'expired',
      errorMessage:
        'No minute between 08:00 and 20:00 in New York and Chicago came before its cutoff (1 hour after its time), so it was never sent.',
    });
  });
});
