import { and, asc, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import {
  media,
  outboundMessageEvents,
  outboundMessages,
  podMembers,
  pods,
  productMessages,
  products,
  programPods,
  programs,
  users,
} from '../../src/server/db/schema';
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { createPlanner, type PlannerOptions } from '../../src/server/delivery/planner';
import type { SmsProvider } from '../../src/server/delivery/provider';
import { setPaused } from '../../src/server/services/programs';
import { formatMessage } from '../../src/shared/format';
import { serverTexts } from '../../src/server/texts';
import { createTestDatabase, type TestDatabase } from './helpers/database';

const PUBLIC_URL = 'https://tidings.example.org';
const CUTOFF_MS = 4 * 60 * 60 * 1000;
const MEDIA_NAME = 'AbCdEfGhIjKlMnOpQrStUv.jpg';

/**
 * A 3-day product (day 0 to the conclusion, day 4) sent at 9:00 in New York from Friday
 * 2026-03-06: clocks go forward on Sunday 03-08, so 9:00 is 14:00 UTC on days 0 and 1 and 13:00
 * UTC from day 2 on.
 */
const START_DATE = '2026-03-06';
const SEND_AT_UTC = [
  '2026-03-06T14:00:00.000Z',
  '2026-03-07T14:00:00.000Z',
  '2026-03-08T13:00:00.000Z',
  '2026-03-09T13:00:00.000Z',
  '2026-03-10T13:00:00.000Z',
];
const BEFORE_START = new Date('2026-03-01T12:00:00Z');

let testDb: TestDatabase;
let db: Db;
let clock: Date;
const at = (iso: string) => {
  clock = new Date(iso);
};
/** Two minutes before a day's send time: when the planner plans it. */
const leadOf = (day: number) => new Date(Date.parse(SEND_AT_UTC[day]!) - 2 * 60_000).toISOString();

const planner = (options: Partial<PlannerOptions> = {}) =>
  createPlanner({ db, publicUrl: PUBLIC_URL, cutoffMs: CUTOFF_MS, now: () => clock, ...options });

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(() => testDb.dispose());

beforeEach(async () => {
  // Each test starts from no program, contact or message.
  await db.delete(outboundMessages);
  await db.delete(programs);
  await db.delete(products);
  await db.delete(pods);
  await db.delete(media);
  await db.delete(users);
});

let phones = 0;
async function contact(name: string, overrides: Partial<typeof users.$inferInsert> = {}) {
  phones += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `${name.toLowerCase()}-${phones}@example.org`,
      firstName: name,
      role: 'participant',
      status: 'active',
      // Manhattan numbers: the area code places them in the program's zone.
      phone: `+1212555${String(phones).padStart(4, '0')}`,
      smsVerified: true,
      createdAt: BEFORE_START,
      ...overrides,
    })
    .returning();
  return row!;
}

async function pod(name: string, status: 'active' | 'inactive' = 'active') {
  const [row] = await db
    .insert(pods)
    .values({ podId: `POD-${name}`, podName: name, status })
    .returning();
  return row!;
}

async function join(
  podId: string,
  userId: string,
  joinedAt = BEFORE_START,
  status: 'active' | 'removed' = 'active',
) {
  await db.insert(podMembers).values({ podId, userId, joinedAt, status });
}

/** The product, two active pods (and an inactive one), the program, and who is in the pods. */
async function seed() {
  const [file] = await db
    .insert(media)
    .values({
      storageName: MEDIA_NAME,
      originalName: 'sunrise.jpg',
      mimeType: 'image/jpeg',
      type: 'image',
      size: 1000,
    })
    .returning();
  const [product] = await db.insert(products).values({ name: 'Calm', days: 3 }).returning();
  await db.insert(productMessages).values(
    [0, 1, 2, 3, 4].map((day) => ({
      productId: product!.id,
      day,
      text: `Day ${day}: breathe.`,
      links: day === 1 ? [{ url: 'https://t.ly/d1', label: 'Guide' }] : [],
      mediaId: day === 2 ? file!.id : null,
      fallbackUrl: day === 2 ? 'https://t.ly/d2' : null,
    })),
  );
  const podA = await pod('A');
  const podB = await pod('B');
  const closed = await pod('Closed', 'inactive');
  const [program] = await db
    .insert(programs)
    .values({
      programName: 'Calm March',
      productId: product!.id,
      timeZone: 'America/New_York',
      startDate: START_DATE,
      sendTime: '09:00',
      createdAt: BEFORE_START,
      updatedAt: BEFORE_START,
    })
    .returning();
  await db
    .insert(programPods)
    .values([podA, podB, closed].map((p) => ({ programId: program!.id, podId: p.id })));

  const alice = await contact('Alice');
  const bob = await contact('Bob');
  const carol = await contact('Carol');
  await join(podA.id, alice.id);
  await join(podB.id, bob.id);
  // In both pods: one message a day all the same.
  await join(podA.id, carol.id);
  await join(podB.id, carol.id);
  // Not recipients.
  await join(podA.id, (await contact('Otto', { smsOptedOutAt: BEFORE_START })).id);
  await join(podA.id, (await contact('Ines', { status: 'inactive' })).id);
  await join(podA.id, (await contact('Uma', { smsVerified: false })).id);
  await join(closed.id, (await contact('Cody')).id);
  await join(podA.id, (await contact('Remy')).id, BEFORE_START, 'removed');
  return { program: program!, podA, alice, bob, carol };
}

async function rows() {
  return db
    .select({
      id: outboundMessages.id,
      contact: users.firstName,
      day: outboundMessages.day,
      kind: outboundMessages.kind,
      status: outboundMessages.status,
      toPhone: outboundMessages.toPhone,
      body: outboundMessages.body,
      mediaUrl: outboundMessages.mediaUrl,
      segments: outboundMessages.segments,
      sendAfter: outboundMessages.sendAfter,
      expiresAt: outboundMessages.expiresAt,
      timeZone: outboundMessages.timeZone,
      errorMessage: outboundMessages.errorMessage,
    })
    .from(outboundMessages)
    .innerJoin(users, eq(users.id, outboundMessages.contactId))
    .orderBy(asc(outboundMessages.day), asc(users.firstName));
}

/** `name:day` of every row with the status, in day then name order. */
const sent = async (status = 'queued') =>
  (await rows()).filter((r) => r.status === status).map((r) => `${r.contact}:${r.day}`);

async function eventsOf(messageId: string) {
  return db
    .select({
      status: outboundMessageEvents.status,
      source: outboundMessageEvents.source,
      errorMessage: outboundMessageEvents.errorMessage,
    })
    .from(outboundMessageEvents)
    .where(eq(outboundMessageEvents.messageId, messageId))
    .orderBy(asc(outboundMessageEvents.at));
}

describe('the planner', () => {
  it('plans each day at 9:00 New York time across the DST change, for eligible recipients only, once each', async () => {
    await seed();
    const plan = planner();

    at('2026-03-06T13:57:00Z'); // 3 minutes before day 0: not yet
    expect(await plan.planOnce()).toMatchObject({ planned: 0, expired: 0 });
    expect(await rows()).toEqual([]);

    for (const day of [0, 1, 2, 3, 4]) {
      at(new Date(Date.parse(leadOf(day)) - 60_000).toISOString());
      expect((await plan.planOnce()).planned).toBe(0);
      at(leadOf(day));
      expect((await plan.planOnce()).planned).toBe(3);
      // Nothing changed: nothing more.
      expect((await plan.planOnce()).planned).toBe(0);
      // Never a row for a day not yet due.
      expect(Math.max(...(await rows()).map((r) => r.day!))).toBe(day);
    }

    const all = await rows();
    expect(all.map((r) => `${r.contact}:${r.day}`)).toEqual(
      [0, 1, 2, 3, 4].flatMap((day) => [`Alice:${day}`, `Bob:${day}`, `Carol:${day}`]),
    );
    for (const row of all) {
      expect(row).toMatchObject({
        kind: 'program',
        status: 'queued',
        timeZone: 'America/New_York',
      });
      expect(row.sendAfter.toISOString()).toBe(SEND_AT_UTC[row.day!]);
      expect(row.expiresAt!.getTime()).toBe(row.sendAfter.getTime() + CUTOFF_MS);
      expect(await eventsOf(row.id)).toEqual([
        { status: 'queued', source: 'planner', errorMessage: null },
      ]);
    }
    const alice = all.filter((r) => r.contact === 'Alice');
    expect(new Set(alice.map((r) => r.toPhone)).size).toBe(1);
    expect(alice[0]!.toPhone).toMatch(/^\+1212555\d{4}$/);
    expect(alice[1]).toMatchObject({ body: 'Day 1: breathe.\nhttps://t.ly/d1', mediaUrl: null });
    expect(alice[2]).toMatchObject({
      body: 'Day 2: breathe.\nhttps://t.ly/d2',
      mediaUrl: `${PUBLIC_URL}/media/${MEDIA_NAME}`,
      segments: 1,
    });

    // After the conclusion nothing is left to plan.
    at('2026-03-11T13:00:00Z');
    expect(await plan.planOnce()).toMatchObject({ planned: 0, expired: 0 });
  });

  it('gives a late joiner the days from their joining on, and a newcomer before the send time that day', async () => {
    const { podA } = await seed();
    const plan = planner();
    at(leadOf(0));
    await plan.planOnce();
    at(leadOf(1));
    await plan.planOnce();

    // Erin joins a minute before day 1 goes out: the next tick adds her.
    const erin = await contact('Erin');
    await join(podA.id, erin.id, new Date('2026-03-07T13:59:00Z'));
    // Dave joins an hour after day 1 went out: his first day is day 2.
    const dave = await contact('Dave');
    await join(podA.id, dave.id, new Date('2026-03-07T15:00:00Z'));
    at('2026-03-07T15:00:30Z');
    expect((await plan.planOnce()).planned).toBe(1);
    expect(await plan.planOnce()).toMatchObject({ planned: 0 });

    at(leadOf(2));
    expect((await plan.planOnce()).planned).toBe(5);
    const queued = await sent();
    expect(queued.filter((r) => r.startsWith('Erin'))).toEqual(['Erin:1', 'Erin:2']);
    expect(queued.filter((r) => r.startsWith('Dave'))).toEqual(['Dave:2']);
    // Erin's day 1 keeps its time: the dispatcher sends it now, within the cutoff.
    const erinDay1 = (await rows()).find((r) => r.contact === 'Erin' && r.day === 1)!;
    expect(erinDay1.sendAfter.toISOString()).toBe(SEND_AT_UTC[1]);
  });

  it('looks at a planned day for newcomers again only once a long look has waited its share, in every process', async () => {
    const { podA } = await seed();
    // Two processes' planners, each of whose looks counts as long (at a million recipients, one
    // took seconds): the next look waits 20 times as long as the last took, whoever takes it.
    const first = planner({ recheckFreeMs: 0 });
    const second = planner({ recheckFreeMs: 0 });
    at(leadOf(0));
    expect((await first.planOnce()).planned).toBe(3);
    at('2026-03-06T14:00:30Z');
    // A look finds no one missing, and sets when the next may be.
    expect(await first.planOnce()).toMatchObject({ planned: 0 });

    const erin = await contact('Erin');
    await join(podA.id, erin.id, new Date('2026-03-06T13:59:00Z'));
    expect(await second.planOnce()).toMatchObject({ planned: 0 });
    expect(await first.planOnce()).toMatchObject({ planned: 0 });
    expect(await sent()).not.toContain('Erin:0');

    // Ten minutes on (more than 20 times any look here), within the cutoff: either one finds her.
    at('2026-03-06T14:10:30Z');
    expect((await second.planOnce()).planned).toBe(1);
    expect(await sent()).toContain('Erin:0');
    expect(await first.planOnce()).toMatchObject({ planned: 0 });
  });

  it('cancels the waiting messages on pause and plans only days after the resume', async () => {
    const { program } = await seed();
    const plan = planner();
    at(leadOf(0));
    expect((await plan.planOnce()).planned).toBe(3);

    at('2026-03-06T13:59:00Z');
    await setPaused(db, program.id, true, clock);
    const canceled = await rows();
    expect(canceled.map((r) => r.status)).toEqual(['canceled', 'canceled', 'canceled']);
    expect(await eventsOf(canceled[0]!.id)).toEqual([
      { status: 'queued', source: 'planner', errorMessage: null },
      { status: 'canceled', source: 'staff', errorMessage: serverTexts.delivery.programPaused },
    ]);

    // Paused: day 1 is not planned.
    at(leadOf(1));
    expect(await plan.planOnce()).toMatchObject({ planned: 0, expired: 0 });

    // Resumed an hour after day 1's time, within its cutoff: day 1 is still not sent.
    at('2026-03-07T15:00:00Z');
    await setPaused(db, program.id, false, clock);
    const [resumed] = await db.select().from(programs).where(eq(programs.id, program.id));
    expect(resumed!.resumedAt).toEqual(clock);
    expect(await plan.planOnce()).toMatchObject({ planned: 0, expired: 0 });

    at(leadOf(2));
    expect((await plan.planOnce()).planned).toBe(3);
    expect(await sent()).toEqual(['Alice:2', 'Bob:2', 'Carol:2']);
    expect(await sent('canceled')).toEqual(['Alice:0', 'Bob:0', 'Carol:0']);
  });

  it('records a day missed by more than the cutoff as expired, never queued', async () => {
    await seed();
    const plan = planner();
    at(leadOf(0));
    await plan.planOnce();

    // Down from before day 1 until after day 2's cutoff (13:00 + 4 h), back during day 3's lead.
    at(leadOf(3));
    expect(await plan.planOnce()).toMatchObject({ planned: 3, expired: 6 });
    expect(await sent('expired')).toEqual([
      'Alice:1',
      'Bob:1',
      'Carol:1',
      'Alice:2',
      'Bob:2',
      'Carol:2',
    ]);
    expect(await sent()).toEqual(['Alice:0', 'Bob:0', 'Carol:0', 'Alice:3', 'Bob:3', 'Carol:3']);
    const tooLate = formatMessage(serverTexts.delivery.tooLate, { cutoff: '4 hours' });
    const expired = (await rows()).find((r) => r.status === 'expired')!;
    expect(expired.errorMessage).toBe(tooLate);
    expect(await eventsOf(expired.id)).toEqual([
      { status: 'expired', source: 'planner', errorMessage: tooLate },
    ]);
    expect(await plan.planOnce()).toMatchObject({ planned: 0, expired: 0 });
  });

  it('sends a day missed by less than the cutoff late, with its own send time', async () => {
    await seed();
    const plan = planner();
    at(leadOf(0));
    await plan.planOnce();
    at('2026-03-07T17:59:00Z'); // day 1 was due at 14:00: 3 h 59 min ago
    expect(await plan.planOnce()).toMatchObject({ planned: 3, expired: 0 });
  });

  it('plans nothing of a program for the days before it was created', async () => {
    const { program } = await seed();
    await db
      .update(programs)
      .set({ createdAt: new Date('2026-03-07T14:30:00Z') })
      .where(eq(programs.id, program.id));
    const plan = planner();
    at('2026-03-07T14:31:00Z');
    expect(await plan.planOnce()).toMatchObject({ planned: 0, expired: 0 });
    at(leadOf(2));
    expect((await plan.planOnce()).planned).toBe(3);
    expect(await sent()).toEqual(['Alice:2', 'Bob:2', 'Carol:2']);
  });

  it('plans a large day in batches, each recipient once', async () => {
    const { podA } = await seed();
    await db.execute(sql`
      insert into users (email, role, status, first_name, phone, sms_verified, created_at)
      select 'bulk' || g || '@example.org', 'participant', 'active', 'Bulk',
        '+1971555' || lpad(g::text, 4, '0'), true, ${BEFORE_START.toISOString()}::timestamptz
      from generate_series(1, 120) as g`);
    await db.execute(sql`
      insert into pod_members (pod_id, user_id, joined_at)
      select ${podA.id}::uuid, id, ${BEFORE_START.toISOString()}::timestamptz
      from users where first_name = 'Bulk'`);
    at(leadOf(0));
    const plan = createPlanner({
      db,
      publicUrl: PUBLIC_URL,
      cutoffMs: CUTOFF_MS,
      now: () => clock,
      batchSize: 7,
    });
    expect((await plan.planOnce()).planned).toBe(123);
    const [counts] = await db
      .select({ rows: sql<number>`count(*)::integer`, events: sql<number>`count(e.id)::integer` })
      .from(outboundMessages)
      .leftJoin(sql`${outboundMessageEvents} e`, sql`e.message_id = ${outboundMessages.id}`)
      .where(and(eq(outboundMessages.day, 0)));
    expect(counts).toEqual({ rows: 123, events: 123 });
  });
});

describe('the planner and the dispatcher together', () => {
  it('send each recipient each day exactly once, at 9:00 New York time across the DST change', async () => {
    const { alice, bob, carol } = await seed();
    const received: { to: string; body: string; mediaUrl: string | null; at: string }[] = [];
    const provider: SmsProvider = {
      name: 'log',
      label: 'recording provider',
      sender: 'test',
      send: async (message) => {
        received.push({ ...message, at: clock.toISOString() });
        return { ok: true, providerMessageId: `TEST${received.length}` };
      },
      lookup: async () => null,
    };
    const plan = planner();
    const dispatcher = createDispatcher({
      db,
      provider,
      mps: 0,
      cutoffMs: CUTOFF_MS,
      log: Fastify().log,
      now: () => clock,
    });

    for (const day of [0, 1, 2, 3, 4]) {
      at(leadOf(day));
      await plan.planOnce();
      // Planned two minutes ahead, but nothing goes before its time.
      await dispatcher.runOnce();
      expect(received.filter((m) => m.at === clock.toISOString())).toEqual([]);
      at(SEND_AT_UTC[day]!);
      await plan.planOnce();
      await dispatcher.runOnce();
      await dispatcher.runOnce();
    }

    const byPhone = new Map([
      [alice.phone, 'Alice'],
      [bob.phone, 'Bob'],
      [carol.phone, 'Carol'],
    ]);
    const got = received
      .map((m) => `${byPhone.get(m.to) ?? m.to} ${m.at} ${m.body.split(':')[0]}`)
      .sort();
    const expected = [0, 1, 2, 3, 4]
      .flatMap((day) =>
        ['Alice', 'Bob', 'Carol'].map((name) => `${name} ${SEND_AT_UTC[day]} Day ${day}`),
      )
      .sort();
    // Exactly these, once each: the opted-out, inactive, unverified, removed and inactive-pod
    // members got nothing, and Carol (in both pods) one a day.
    expect(got).toEqual(expected);
    const mms = received.filter((m) => m.mediaUrl !== null);
    expect(mms.map((m) => m.mediaUrl)).toEqual(Array(3).fill(`${PUBLIC_URL}/media/${MEDIA_NAME}`));
    expect(await sent('sent')).toHaveLength(15);
  });
});
