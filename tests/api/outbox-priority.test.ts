import { and, eq, inArray, like, or } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/client';
import { outboundMessages, users } from '../../src/server/db/schema';
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { createDeliveryEngine } from '../../src/server/delivery/engine';
import {
  giveBack,
  reserveSlots,
  senderBusyUntil,
  takeTurn,
} from '../../src/server/delivery/pacing';
import type { SmsProvider } from '../../src/server/delivery/provider';
import { createTwilioProvider } from '../../src/server/delivery/twilio-provider';
import { sendStaffReply } from '../../src/server/services/staff-replies';
import {
  FAKE_TWILIO,
  FAKE_TWILIO_ENV,
  startFakeTwilio,
  type FakeTwilioServer,
} from '../helpers/fake-twilio';
import { conversationWith, queueProgramDay } from '../helpers/program-day';
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
const log = Fastify().log;

let ctx: TestContext;
let fake: FakeTwilioServer;
let twilio: SmsProvider;

beforeAll(async () => {
  ctx = await startTestApp({
    ...FAKE_TWILIO_ENV,
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

/** When each message reached the provider, in the order the dispatchers handed them over. */
function handOvers(provider: SmsProvider) {
  const times: number[] = [];
  const recording: SmsProvider = {
    ...provider,
    async send(sms) {
      times.push(Date.now());
      return provider.send(sms);
    },
  };
  return { recording, times };
}

let days = 0;

/**
 * A program day of `batches` batches going out through `dispatchers` delivery engines sharing one
 * sender (on PostgreSQL each on connections of its own, as `npm run worker` processes are); once
 * `underWay` messages have reached the fake, a JOIN comes in by the webhook and a staff reply is
 * queued. Checks that both went before the rest of the day, each message once, at the pace.
 */
async function replyDuringDay({
  dispatchers,
  batches,
  underWay,
}: {
  dispatchers: number;
  batches: number;
  underWay: number;
}) {
  const { db } = ctx;
  days += 1;
  const phonePrefix = `+150${days + 2}`;
  const day = batches * MPS;
  const started = Date.now();
  await queueProgramDay(db, { count: day, phonePrefix, at: new Date() });
  const joiner = (
    await createUser(db, { role: 'participant', phone: `+1971555${days}001`, smsVerified: false })
  ).user;
  const replied = { phone: `+1971555${days}002` };
  const conversation = await conversationWith(db, replied.phone);
  const ours = or(
    like(outboundMessages.toPhone, `${phonePrefix}%`),
    inArray(outboundMessages.toPhone, [joiner.phone!, replied.phone!]),
  );
  const { recording, times } = handOvers(twilio);
  const pools = ctx.testDb.url
    ? await Promise.all(
        Array.from({ length: dispatchers - 1 }, () =>
          openPostgres(ctx.testDb.url!, { poolSize: 3 }),
        ),
      )
    : [];
  const engines = Array.from({ length: dispatchers }, (_, index) =>
    createDeliveryEngine({
      db: index === 0 ? db : (pools[index - 1]?.db ?? db),
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
    }),
  );
  const second = TEST_DB === 'postgres' ? await startSecondApp(ctx) : null;
  const received = fake.messages.length;
  for (const engine of engines) engine.start();
  try {
    await fake.waitFor(received + underWay, 30_000);

    const beforeJoin = fake.messages.length - received;
    const joined = await signedReply((second ?? ctx).app, PUBLIC_URL, joiner.phone!, 'JOIN');
    expect(joined.statusCode).toBe(200);
    // What main.ts's onResponse hook does in the process that took the webhook.
    if (!second) engines[0]!.wake();
    const beforeStaff = fake.messages.length - received;
    await sendStaffReply(
      db,
      conversation.contactId,
      { body: 'See you Thursday at the community center.' },
      {
        userId: conversation.staffId,
        publicUrl: PUBLIC_URL,
        allowedCountries: ['US', 'CA'],
        now: new Date(),
      },
    );

    const order = (await fake.waitFor(received + day + 2, 30_000)).slice(received).map((m) => m.to);
    const confirmation = order.indexOf(joiner.phone!);
    const staff = order.indexOf(replied.phone!);
    // Ahead of them at most: what had arrived, the batch in flight and the one a claim may have
    // taken between that count and the commit, and the other reply. However many dispatchers:
    // they claim in turns, so no other batch is reserved ahead.
    expect(confirmation).toBeGreaterThanOrEqual(0);
    expect(confirmation).toBeLessThanOrEqual(beforeJoin + 2 * MPS + 1);
    expect(staff).toBeGreaterThanOrEqual(0);
    expect(staff).toBeLessThanOrEqual(beforeStaff + 2 * MPS + 1);
    expect(new Set(order).size).toBe(day + 2);

    // The outbox says the same: both sent before the rest of the day, each once (the last
    // outcome is written just after the fake answered).
    const outbox = () =>
      db
        .select({
          kind: outboundMessages.kind,
          status: outboundMessages.status,
          toPhone: outboundMessages.toPhone,
          sentAt: outboundMessages.sentAt,
          claimedAt: outboundMessages.claimedAt,
        })
        .from(outboundMessages)
        .where(ours);
    await expect
      .poll(async () => (await outbox()).filter((row) => row.status === 'sent').length)
      .toBe(day + 2);
    const rows = await outbox();
    expect(rows).toHaveLength(day + 2);
    const replySent = Math.max(
      ...rows.filter((row) => row.kind !== 'program').map((row) => row.sentAt!.getTime()),
    );
    const dayAfter = rows.filter(
      (row) => row.kind === 'program' && row.sentAt!.getTime() > replySent,
    );
    // So much of the day was still to go after both: all but what came before them by the bounds
    // above.
    expect(dayAfter.length).toBeGreaterThanOrEqual(
      day - Math.max(beforeJoin, beforeStaff) - 2 * MPS - 2,
    );
    // In the batch that claimed it, a reply took the first slots: the day's messages claimed with
    // it reached Twilio after it. (Their `sentAt` is when Twilio's answer came, which on a loaded
    // machine can come in another order than the requests went.)
    for (const reply of rows.filter((row) => row.kind !== 'program')) {
      const batch = rows.filter(
        (row) => row.kind === 'program' && row.claimedAt!.getTime() === reply.claimedAt!.getTime(),
      );
      expect(batch.length).toBeGreaterThan(0);
      for (const row of batch) {
        expect(order.indexOf(row.toPhone)).toBeGreaterThan(order.indexOf(reply.toPhone));
      }
    }
    const [joinerNow] = await db
      .select({ smsVerified: users.smsVerified })
      .from(users)
      .where(eq(users.id, joiner.id));
    expect(joinerNow!.smsVerified).toBe(true);

    // The pace: the replies took slots of the sender like every message, none beside them. The
    // first slot is no earlier than the start, each later one a tenth of a second after the one
    // before at the least (a message of several segments takes more), and a message is handed
    // over at its slot or after it (late by a stall, never early): so the k-th hand-over is at
    // least k tenths of a second after the start, and the sender never got ahead of SMS_MPS,
    // whichever dispatcher sent. (2 ms: a timer may fire within the millisecond before its slot.)
    expect(times).toHaveLength(day + 2);
    for (const [k, handOver] of times.entries()) {
      expect(handOver - started).toBeGreaterThanOrEqual((k * 1_000) / MPS - 2);
    }
  } finally {
    await Promise.all(engines.map((engine) => engine.stop()));
    await Promise.all(pools.map((pool) => pool.close()));
    await second?.close();
  }
}

it('sends a JOIN confirmation and a staff reply before the rest of a program day, keeping the pace', async () => {
  // The day is going out: its second batch is under way.
  await replyDuringDay({ dispatchers: 1, batches: 6, underWay: MPS + 2 });
}, 60_000);

it('does the same with three dispatchers sharing the sender: they claim in turns', async () => {
  // Started together, each claims a batch of an idle sender; once those went out, turns.
  await replyDuringDay({ dispatchers: 3, batches: 7, underWay: 3 * MPS + 2 });
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

it('gives one turn of a busy sender to one of the dispatchers asking at once, and takes back only an unused end', async () => {
  const { db } = ctx;
  const sender = 'turn-test';
  const at = new Date('2026-06-01T12:00:00Z');
  const ms = (date: Date | null) => (date ? date.getTime() - at.getTime() : null);
  // Busy for another 50 ms: within the lead, so a turn may be taken.
  await reserveSlots(db, sender, 50, at);
  const turns = await Promise.all(
    Array.from({ length: 5 }, () => takeTurn(db, sender, 1_000, at, 100)),
  );
  const taken = turns.filter((turn) => turn !== null);
  expect(taken).toHaveLength(1);
  expect(ms(taken[0]!.start)).toBe(50);
  expect(ms(await senderBusyUntil(db, sender, at))).toBe(1_050);
  // Too far ahead now: no turn until the one taken is about to end.
  expect(await takeTurn(db, sender, 1_000, at, 100)).toBeNull();

  // The batch used 300 ms of it: the sender is free again after those.
  await giveBack(db, sender, taken[0]!, 300);
  expect(ms(await senderBusyUntil(db, sender, at))).toBe(350);

  // Reserved after: an unused end is no longer the sender's last time, and stays reserved.
  const turn = (await takeTurn(db, sender, 1_000, new Date(at.getTime() + 300), 100))!;
  expect(ms(turn.start)).toBe(350);
  await reserveSlots(db, sender, 100, at);
  await giveBack(db, sender, turn, 0);
  expect(ms(await senderBusyUntil(db, sender, at))).toBe(1_450);
});
