import { and, eq, like } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboundMessages, users } from '../../src/server/db/schema';
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { createDeliveryEngine } from '../../src/server/delivery/engine';
import type { SmsProvider } from '../../src/server/delivery/provider';
import { createTwilioProvider } from '../../src/server/delivery/twilio-provider';
import { FAKE_TWILIO, startFakeTwilio, type FakeTwilioServer } from '../helpers/fake-twilio';
import { queueProgramDay, queueStaffReply } from '../helpers/program-day';
import { createUser, startSecondApp, startTestApp, type TestContext } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { signedReply } from './helpers/sms';

/**
 * Replies first: a JOIN confirmation and a staff member's reply queued while a program's day is
 * going out are claimed before the rest of the day and take their sender's next pacing slot, and
 * the sender still never exceeds SMS_MPS. Through the signed incoming-message webhook, the delivery
 * engine and the official `twilio` package talking to the fake Twilio. On PostgreSQL the JOIN
 * comes in through a second app on connections of its own (another process, which cannot wake
 * this one's engine); on the embedded database through the same process, which wakes it as the
 * server's onResponse hook does.
 */

const PUBLIC_URL = 'https://tidings.example.org';
const MPS = 10;
/** Six batches of the engine's dispatcher (a batch is MPS messages: a second of its sender). */
const DAY = 6 * MPS;
const log = Fastify().log;

let ctx: TestContext;
let fake: FakeTwilioServer;
let twilio: SmsProvider;

beforeAll(async () => {
  ctx = await startTestApp({
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
    TWILIO_FROM: FAKE_TWILIO.from,
    DISPATCHER: 'off',
    PUBLIC_URL,
  });
  fake = await startFakeTwilio();
  twilio = createTwilioProvider(
    { ...FAKE_TWILIO, messagingServiceSid: undefined, apiUrl: fake.url },
    PUBLIC_URL,
  );
});
afterAll(async () => {
  await fake.close();
  await ctx.close();
});

/** When each message reached the provider, by phone, in the order the dispatcher handed them. */
function handOvers(provider: SmsProvider) {
  const times: { to: string; at: number }[] = [];
  const recording: SmsProvider = {
    ...provider,
    async send(sms) {
      times.push({ to: sms.to, at: Date.now() });
      return provider.send(sms);
    },
  };
  return { recording, times };
}

it('sends a JOIN confirmation and a staff reply before the rest of a program day, keeping the pace', async () => {
  const { db } = ctx;
  await queueProgramDay(db, { count: DAY, phonePrefix: '+1503', at: new Date() });
  const joiner = (
    await createUser(db, { role: 'participant', phone: '+19715550001', smsVerified: false })
  ).user;
  const replied = (
    await createUser(db, { role: 'participant', phone: '+19715550002', smsVerified: true })
  ).user;
  const { recording, times } = handOvers(twilio);
  const engine = createDeliveryEngine({
    db,
    config: {
      smsProvider: 'twilio',
      twilio: undefined,
      publicUrl: PUBLIC_URL,
      smsMps: MPS,
      smsAllowedCountries: ['US', 'CA'],
      deliveryCutoffMs: 4 * 3_600_000,
    },
    log,
    planner: false,
    provider: recording,
  });
  const second = TEST_DB === 'postgres' ? await startSecondApp(ctx) : null;
  const started = Date.now();
  engine.start();
  try {
    // The day is going out: its second batch is under way.
    await fake.waitFor(MPS + 2, 20_000);

    const beforeJoin = fake.messages.length;
    const joined = await signedReply((second ?? ctx).app, PUBLIC_URL, joiner.phone!, 'JOIN');
    expect(joined.statusCode).toBe(200);
    // What main.ts's onResponse hook does in the process that took the webhook.
    if (!second) engine.wake();
    const beforeStaff = fake.messages.length;
    await queueStaffReply(db, {
      contactId: replied.id,
      phone: replied.phone!,
      body: 'See you Thursday at the community center.',
      at: new Date(),
    });

    const all = await fake.waitFor(DAY + 2, 30_000);
    const order = all.map((m) => m.to);
    const confirmation = order.indexOf(joiner.phone!);
    const staff = order.indexOf(replied.phone!);
    // Ahead of them at most: what had arrived, the batch in flight and the one a claim may have
    // taken between that count and the commit, and the other reply.
    expect(confirmation).toBeGreaterThanOrEqual(0);
    expect(confirmation).toBeLessThanOrEqual(beforeJoin + 2 * MPS + 1);
    expect(staff).toBeGreaterThanOrEqual(0);
    expect(staff).toBeLessThanOrEqual(beforeStaff + 2 * MPS + 1);
    // So at least two batches of the day were still to go after both.
    expect(DAY + 2 - 1 - Math.max(confirmation, staff)).toBeGreaterThanOrEqual(2 * MPS - 3);

    // The outbox says the same: both sent before the rest of the day, each once (the last
    // outcome is written just after the fake answered).
    const outbox = () =>
      db
        .select({
          kind: outboundMessages.kind,
          status: outboundMessages.status,
          sentAt: outboundMessages.sentAt,
          claimedAt: outboundMessages.claimedAt,
        })
        .from(outboundMessages);
    await expect
      .poll(async () => (await outbox()).filter((row) => row.status === 'sent').length)
      .toBe(DAY + 2);
    const rows = await outbox();
    expect(rows).toHaveLength(DAY + 2);
    const replySent = Math.max(
      ...rows.filter((row) => row.kind !== 'program').map((row) => row.sentAt!.getTime()),
    );
    const dayAfter = rows.filter(
      (row) => row.kind === 'program' && row.sentAt!.getTime() > replySent,
    );
    expect(dayAfter.length).toBeGreaterThanOrEqual(2 * MPS - 3);
    // In the batch that claimed it, a reply took the first slots: the day's messages claimed with
    // it went after it.
    for (const reply of rows.filter((row) => row.kind !== 'program')) {
      const batch = rows.filter(
        (row) => row.kind === 'program' && row.claimedAt!.getTime() === reply.claimedAt!.getTime(),
      );
      expect(batch.length).toBeGreaterThan(0);
      for (const row of batch) {
        expect(row.sentAt!.getTime()).toBeGreaterThan(reply.sentAt!.getTime());
      }
    }
    expect(new Set(order).size).toBe(DAY + 2);
    const [joinerNow] = await db
      .select({ smsVerified: users.smsVerified })
      .from(users)
      .where(eq(users.id, joiner.id));
    expect(joinerNow!.smsVerified).toBe(true);

    // The pace: the replies took slots of the sender like every message, none beside them. The
    // first slot is no earlier than the engine's start, each later one a tenth of a second after
    // the one before at the least (a message of several segments takes more), and a message is
    // handed over at its slot or after it (late by a stall, never early): so the k-th hand-over is
    // at least k tenths of a second after the start, and the sender never got ahead of SMS_MPS.
    // (2 ms: a timer may fire within the millisecond before its slot.)
    expect(times).toHaveLength(DAY + 2);
    for (const [k, handOver] of times.entries()) {
      expect(handOver.at - started).toBeGreaterThanOrEqual((k * 1_000) / MPS - 2);
    }
  } finally {
    await engine.stop();
    await second?.close();
  }
}, 60_000);

it('claims as many messages as a second of the sender holds, so a reply never waits longer for a claim', async () => {
  const { db } = ctx;
  // Long messages: two segments each, so SMS_MPS messages would hold the sender two seconds.
  await db.insert(outboundMessages).values(
    Array.from({ length: 31 }, (_, i) => ({
      kind: 'test' as const,
      toPhone: `+1971557${String(i).padStart(4, '0')}`,
      body: `Long message ${i}`,
      segments: 2,
      sendAfter: new Date(Date.now() - 60_000),
    })),
  );
  const mps = 20;
  expect(
    await createDispatcher({ db, provider: twilio, mps, cutoffMs: 4 * 3_600_000, log }).runOnce(),
  ).toBe(31);
  const claims = await db
    .select({ claimedAt: outboundMessages.claimedAt, status: outboundMessages.status })
    .from(outboundMessages)
    .where(and(eq(outboundMessages.kind, 'test'), like(outboundMessages.toPhone, '+1971557%')));
  expect(claims.every((row) => row.status === 'sent')).toBe(true);
  const batches = new Map<number, number>();
  for (const { claimedAt } of claims) {
    batches.set(claimedAt!.getTime(), (batches.get(claimedAt!.getTime()) ?? 0) + 1);
  }
  // The first batch knows nothing of the messages yet: SMS_MPS of them; then a second's worth.
  expect([...batches].sort(([a], [b]) => a - b).map(([, size]) => size)).toEqual([mps, mps / 2, 1]);
});
