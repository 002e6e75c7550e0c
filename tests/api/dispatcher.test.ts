import { asc, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DELIVERY_RETRY, MESSAGE_STATUS_RANK } from '../../src/shared/delivery';
import { formatMessage } from '../../src/shared/format';
import { serverTexts as texts } from '../../src/server/texts';
import { openPostgres, type Db } from '../../src/server/db/client';
import {
  outboundMessageEvents,
  outboundMessages,
  podMembers,
  pods,
  programPods,
  programs,
  smsSenderPacing,
  users,
} from '../../src/server/db/schema';
import { neverOpenedText, tooLateText } from '../../src/server/delivery/cutoff';
import { CLAIM_TIMEOUT_MS } from '../../src/server/delivery/claim';
import { createDispatcher, type DispatcherOptions } from '../../src/server/delivery/dispatcher';
import { UNKNOWN_GRACE_MS } from '../../src/server/delivery/housekeeping';
import { createDeliveryEngine } from '../../src/server/delivery/engine';
import { createLogProvider } from '../../src/server/delivery/log-provider';
import { reserveSlots } from '../../src/server/delivery/pacing';
import type { SmsProvider } from '../../src/server/delivery/provider';
import { applyStatusReport } from '../../src/server/delivery/status';
import { createTwilioProvider, statusCallbackUrl } from '../../src/server/delivery/twilio-provider';
import { FAKE_TWILIO, startFakeTwilio, type FakeTwilioServer } from '../helpers/fake-twilio';
import { createUser } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';

/**
 * The dispatcher against a local fake Twilio (the official `twilio` package making its real
 * requests) and the log provider, with a clock the tests move: what the provider receives, and
 * what each message's row and history say afterwards.
 */

const PUBLIC_URL = 'https://tidings.example.org';
const CUTOFF_MS = 4 * 60 * 60 * 1000;
const log = Fastify().log;

let testDb: TestDatabase;
let db: Db;
let fake: FakeTwilioServer;
let twilio: SmsProvider;

/** The dispatchers' clock: real time plus whatever the test has moved it by. */
let offset = 0;
const now = () => new Date(Date.now() + offset);
const later = (ms: number) => new Date(now().getTime() + ms);

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  fake = await startFakeTwilio();
  twilio = createTwilioProvider(
    { ...FAKE_TWILIO, messagingServiceSid: undefined, apiUrl: fake.url },
    PUBLIC_URL,
  );
});
afterAll(async () => {
  await fake.close();
  await testDb.dispose();
});
beforeEach(async () => {
  offset = 0;
  // The consent log keeps the message a 21610 refused, and refuses deletes (append-only):
  // TRUNCATE empties both, as a new database would be.
  await db.execute(sql`truncate outbound_messages cascade`);
  await db.delete(smsSenderPacing);
  fake.messages.length = 0;
  fake.requests = 0;
});

function dispatcher(options: Partial<DispatcherOptions> = {}) {
  return createDispatcher({
    db,
    provider: twilio,
    mps: 0,
    cutoffMs: CUTOFF_MS,
    log,
    now,
    // The shortest backoff, so moving the clock by the longest delay always makes a retry due.
    random: () => 0,
    ...options,
  });
}

let phone = 0;
const nextPhone = () => `+1503555${String(++phone).padStart(4, '0')}`;

async function queue(values: Partial<typeof outboundMessages.$inferInsert> = {}) {
  const [row] = await db
    .insert(outboundMessages)
    .values({
      kind: 'test',
      toPhone: nextPhone(),
      body: `Message ${phone}`,
      sendAfter: later(-60_000),
      ...values,
    })
    .returning();
  return row!;
}

const rowOf = async (id: string) =>
  (await db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;

/** The statuses of the message's history, oldest first (a tie within a millisecond by rank). */
async function history(id: string) {
  const events = await db
    .select()
    .from(outboundMessageEvents)
    .where(eq(outboundMessageEvents.messageId, id))
    .orderBy(asc(outboundMessageEvents.at));
  return events
    .sort(
      (a, b) =>
        a.at.getTime() - b.at.getTime() ||
        MESSAGE_STATUS_RANK[a.status] - MESSAGE_STATUS_RANK[b.status],
    )
    .map((e) => e.status);
}

describe('sending through the twilio package', () => {
  it('sends each due message once, with the request Twilio expects, and records it', async () => {
    const sms = await queue({ body: 'Day 1: take a short walk today.' });
    const mms = await queue({
      body: 'Day 2: look at this.',
      mediaUrl: `${PUBLIC_URL}/media/picture.jpg`,
    });
    const notYet = await queue({ sendAfter: later(60_000) });

    expect(await dispatcher().runOnce()).toBe(2);
    expect(fake.messages).toHaveLength(2);
    const bySid = new Map(fake.messages.map((m) => [m.to, m]));
    const sent = bySid.get(sms.toPhone)!;
    expect(sent.form).toEqual({
      To: sms.toPhone,
      From: FAKE_TWILIO.from,
      Body: 'Day 1: take a short walk today.',
      StatusCallback: statusCallbackUrl(PUBLIC_URL, sms.id),
    });
    expect(bySid.get(mms.toPhone)!.form).toMatchObject({
      MediaUrl: `${PUBLIC_URL}/media/picture.jpg`,
      StatusCallback: `${PUBLIC_URL}/api/webhooks/twilio/status?message=${mms.id}`,
    });

    const row = await rowOf(sms.id);
    expect(row).toMatchObject({
      status: 'sent',
      providerMessageId: sent.sid,
      attempts: 1,
      errorCode: null,
      claimedBy: null,
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(await history(sms.id)).toEqual(['sending', 'sent']);
    expect((await rowOf(notYet.id)).status).toBe('queued');

    // Nothing is sent twice.
    expect(await dispatcher().runOnce()).toBe(0);
    expect(fake.requests).toBe(2);
  });

  it('sends from the messaging service when one is configured', async () => {
    const service = `MG${'a'.repeat(32)}`;
    const provider = createTwilioProvider(
      { ...FAKE_TWILIO, from: undefined, messagingServiceSid: service, apiUrl: fake.url },
      PUBLIC_URL,
    );
    await queue();
    await dispatcher({ provider }).runOnce();
    expect(fake.messages[0]!.form).toMatchObject({ MessagingServiceSid: service });
    expect(fake.messages[0]!.form.From).toBeUndefined();
  });
});

describe('failures', () => {
  it('retries on 429 and 5xx after a backoff, then sends', async () => {
    const message = await queue();
    fake.failNext({ status: 429, code: 20429, message: 'Too Many Requests' }, { status: 503 });
    const dispatch = dispatcher();

    await dispatch.runOnce();
    let row = await rowOf(message.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, errorCode: '20429' });
    expect(row.sendAfter.getTime()).toBeGreaterThan(now().getTime());
    // Not before its time.
    await dispatch.runOnce();
    expect(fake.requests).toBe(1);

    offset += DELIVERY_RETRY.maxDelayMs;
    await dispatch.runOnce();
    expect(await rowOf(message.id)).toMatchObject({
      status: 'queued',
      attempts: 2,
      errorCode: '503',
    });

    offset += DELIVERY_RETRY.maxDelayMs;
    await dispatch.runOnce();
    row = await rowOf(message.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, errorCode: null, errorMessage: null });
    expect(fake.requests).toBe(3);
    expect(fake.messages).toHaveLength(1);
    expect(await history(message.id)).toEqual([
      'sending',
      'queued',
      'sending',
      'queued',
      'sending',
      'sent',
    ]);
  });

  it('fails a message for good after the last attempt', async () => {
    const message = await queue();
    const dispatch = dispatcher();
    for (let i = 0; i < DELIVERY_RETRY.maxAttempts; i += 1) {
      fake.failNext({ status: 500 });
      await dispatch.runOnce();
      offset += DELIVERY_RETRY.maxDelayMs;
    }
    await dispatch.runOnce();
    expect(fake.requests).toBe(DELIVERY_RETRY.maxAttempts);
    expect(await rowOf(message.id)).toMatchObject({
      status: 'failed',
      attempts: DELIVERY_RETRY.maxAttempts,
      errorCode: '500',
      errorMessage: formatMessage(texts.delivery.retriesExhausted, {
        attempts: DELIVERY_RETRY.maxAttempts,
      }),
    });
  });

  it('never retries a permanent refusal (21211 invalid number)', async () => {
    const message = await queue();
    fake.failNext({
      status: 400,
      code: 21211,
      message: "The 'To' number is not a valid phone number.",
    });
    const dispatch = dispatcher();
    await dispatch.runOnce();
    offset += DELIVERY_RETRY.maxDelayMs * 10;
    await dispatch.runOnce();
    expect(fake.requests).toBe(1);
    expect(await rowOf(message.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      errorCode: '21211',
      errorMessage: "The 'To' number is not a valid phone number.",
    });
    expect(await history(message.id)).toEqual(['sending', 'failed']);
  });

  it('21610 (unsubscribed) marks the contact opted out and cancels their other messages', async () => {
    const { user } = await createUser(db, {
      role: 'participant',
      phone: nextPhone(),
      smsVerified: true,
    });
    const first = await queue({ contactId: user.id, toPhone: user.phone! });
    const next = await queue({
      contactId: user.id,
      toPhone: user.phone!,
      sendAfter: later(86_400_000),
    });
    fake.failNext({
      status: 400,
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
    });

    await dispatcher().runOnce();
    expect(await rowOf(first.id)).toMatchObject({ status: 'failed', errorCode: '21610' });
    const [contact] = await db.select().from(users).where(eq(users.id, user.id));
    expect(contact!.smsOptedOutAt).toBeInstanceOf(Date);
    expect((await rowOf(next.id)).status).toBe('canceled');
    expect(await history(next.id)).toEqual(['canceled']);

    offset += 2 * 86_400_000;
    await dispatcher().runOnce();
    expect(fake.requests).toBe(1);
  });
});

describe('time rules', () => {
  const NEW_YORK = 'America/New_York';
  /** 22:00 on 31 May 2026 in New York (EDT); the next morning's 08:00 is 12:00 UTC. */
  const EVENING = new Date('2026-06-01T02:00:00Z');
  const MORNING = new Date('2026-06-01T12:00:00Z');

  it('holds a message in quiet hours until 08:00 in its zone, counting no attempt', async () => {
    offset = EVENING.getTime() - Date.now();
    const message = await queue({
      timeZone: NEW_YORK,
      expiresAt: new Date('2026-06-01T16:00:00Z'),
    });
    // Due since the quiet hours began (21:01): its window never opened before its cutoff.
    const tooLateByMorning = await queue({
      timeZone: NEW_YORK,
      expiresAt: new Date('2026-06-01T05:00:00Z'),
    });
    // Due at 20:30, while it could still go (a dispatcher was down): it is too late.
    const missedItsEvening = await queue({
      timeZone: NEW_YORK,
      sendAfter: new Date('2026-06-01T00:30:00Z'),
      expiresAt: new Date('2026-06-01T05:00:00Z'),
    });
    const noZone = await queue();

    const dispatch = dispatcher();
    await dispatch.runOnce();
    expect(fake.messages.map((m) => m.to)).toEqual([noZone.toPhone]);
    expect(await rowOf(message.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      sendAfter: MORNING,
    });
    expect(await rowOf(tooLateByMorning.id)).toMatchObject({
      status: 'expired',
      errorMessage: neverOpenedText(CUTOFF_MS, [NEW_YORK]),
    });
    expect(await rowOf(missedItsEvening.id)).toMatchObject({
      status: 'expired',
      errorMessage: tooLateText(CUTOFF_MS),
    });

    offset = MORNING.getTime() - 60_000 - Date.now();
    await dispatch.runOnce();
    expect(fake.messages).toHaveLength(1);
    offset = MORNING.getTime() - Date.now();
    await dispatch.runOnce();
    expect(fake.messages.map((m) => m.to)).toEqual([noZone.toPhone, message.toPhone]);
    expect(await history(message.id)).toEqual(['sending', 'sent']);
  });

  it('expires a message past its cutoff instead of sending it late', async () => {
    const late = await queue({
      sendAfter: later(-CUTOFF_MS - 60_000),
      expiresAt: later(-60_000),
    });
    const onTime = await queue({ sendAfter: later(-60_000), expiresAt: later(CUTOFF_MS) });
    await dispatcher().runOnce();
    expect(fake.messages.map((m) => m.to)).toEqual([onTime.toPhone]);
    expect(await rowOf(late.id)).toMatchObject({
      status: 'expired',
      attempts: 0,
      errorMessage: tooLateText(CUTOFF_MS),
    });
    expect(await history(late.id)).toEqual(['expired']);
  });
});

describe('eligibility when its turn comes', () => {
  it('skips a program message whose contact is no longer a recipient', async () => {
    const [program] = await db.insert(programs).values({ programName: 'Walks' }).returning();
    const [pod] = await db
      .insert(pods)
      .values({ podId: `POD-${Date.now()}`, podName: 'Walkers' })
      .returning();
    await db.insert(programPods).values({ programId: program!.id, podId: pod!.id });
    const participant = (smsVerified: boolean) =>
      createUser(db, { role: 'participant', phone: nextPhone(), smsVerified });
    const stays = (await participant(true)).user;
    const leaves = (await participant(true)).user;
    const unverified = (await participant(false)).user;
    await db
      .insert(podMembers)
      .values([stays, leaves, unverified].map((user) => ({ podId: pod!.id, userId: user.id })));
    await db.update(podMembers).set({ status: 'removed' }).where(eq(podMembers.userId, leaves.id));

    const queued = await Promise.all(
      [stays, leaves, unverified].map((user) =>
        queue({
          kind: 'program',
          programId: program!.id,
          day: 1,
          contactId: user.id,
          toPhone: user.phone!,
        }),
      ),
    );
    await dispatcher().runOnce();
    expect(fake.messages.map((m) => m.to)).toEqual([stays.phone]);
    for (const message of queued.slice(1)) {
      expect(await rowOf(message.id)).toMatchObject({
        status: 'skipped',
        attempts: 0,
        errorMessage: texts.delivery.notEligible,
      });
      expect(await history(message.id)).toEqual(['sending', 'skipped']);
    }
  });
});

describe('a message whose fate is unknown', () => {
  it('is taken back from a dead dispatcher and settled by asking the provider, never resent blindly', async () => {
    const claimedAt = new Date(Date.now() - CLAIM_TIMEOUT_MS - 1_000);
    const dead = { status: 'sending' as const, claimedBy: 'dead-dispatcher', claimedAt };
    // One reached Twilio before its dispatcher died; the other never did.
    const reached = await queue(dead);
    const neverSent = await queue(dead);
    const accepted = await twilio.send({
      id: reached.id,
      to: reached.toPhone,
      body: reached.body,
      mediaUrl: null,
    });
    expect(accepted.ok).toBe(true);

    const dispatch = dispatcher();
    await dispatch.runOnce();
    for (const message of [reached, neverSent]) {
      expect(await rowOf(message.id)).toMatchObject({
        status: 'unknown',
        errorMessage: texts.delivery.lostInSending,
      });
    }
    expect(fake.requests).toBe(1);

    // The callback did not come within the grace period: the provider is asked.
    offset += UNKNOWN_GRACE_MS + 1_000;
    await dispatch.runOnce();
    expect(await rowOf(reached.id)).toMatchObject({
      status: 'sent',
      providerMessageId: fake.messages[0]!.sid,
    });
    expect(await rowOf(neverSent.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(fake.messages.map((m) => m.to).sort()).toEqual(
      [reached.toPhone, neverSent.toPhone].sort(),
    );
    expect(await history(reached.id)).toEqual(['unknown', 'sent']);
    expect(await history(neverSent.id)).toEqual(['unknown', 'queued', 'sending', 'sent']);

    offset += UNKNOWN_GRACE_MS + CLAIM_TIMEOUT_MS;
    await dispatch.runOnce();
    expect(fake.requests).toBe(2);
  });

  it('becomes unknown when the connection is cut mid-send, and is only resent once Twilio says it has none', async () => {
    const message = await queue();
    fake.failNext('reset');
    const dispatch = dispatcher();
    await dispatch.runOnce();
    expect(await rowOf(message.id)).toMatchObject({ status: 'unknown', attempts: 1 });
    await dispatch.runOnce();
    expect(fake.requests).toBe(1);

    offset += UNKNOWN_GRACE_MS + 1_000;
    await dispatch.runOnce();
    expect(await rowOf(message.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(fake.messages).toHaveLength(1);
  });

  it('takes a status report that came before the dispatcher wrote `sent`, filling in the rest', async () => {
    const message = await queue();
    // A provider whose delivery callback wins the race against the dispatcher's own write.
    const racing: SmsProvider = {
      ...twilio,
      async send(sms) {
        await applyStatusReport(db, sms.id, { status: 'delivered' }, now());
        return { ok: true, providerMessageId: 'SMracing' };
      },
    };
    await dispatcher({ provider: racing }).runOnce();
    const row = await rowOf(message.id);
    expect(row).toMatchObject({ status: 'delivered', providerMessageId: 'SMracing', attempts: 1 });
    expect(row.sentAt).toBeInstanceOf(Date);
  });
});

describe('the log provider', () => {
  it('reports each message delivered through the status path', async () => {
    const message = await queue();
    const provider = createLogProvider({
      log,
      report: (id, report) => applyStatusReport(db, id, report, now()),
      deliveryDelayMs: 10,
    });
    await dispatcher({ provider }).runOnce();
    expect((await rowOf(message.id)).status).toBe('sent');
    await expect
      .poll(async () => (await rowOf(message.id)).status, { timeout: 10_000 })
      .toBe('delivered');
    const row = await rowOf(message.id);
    expect(row.providerMessageId).toMatch(/^LOG/);
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(await history(message.id)).toEqual(['sending', 'sent', 'delivered']);
    provider.close?.();
  });

  it('runs in the engine, which plans before it dispatches and wakes on demand', async () => {
    let plans = 0;
    const engine = createDeliveryEngine({
      db,
      config: {
        smsProvider: 'log',
        twilio: undefined,
        publicUrl: PUBLIC_URL,
        smsMps: 0,
        smsAllowedCountries: ['US', 'CA'],
        deliveryCutoffMs: CUTOFF_MS,
      },
      log,
      now,
      pollMs: 60_000,
      planner: {
        planOnce: async () => {
          plans += 1;
        },
      },
    });
    expect(engine.label).toContain('SMS_PROVIDER=log');
    engine.start();
    const message = await queue();
    engine.wake();
    await expect
      .poll(async () => (await rowOf(message.id)).status, { timeout: 10_000 })
      .toBe('delivered');
    expect(plans).toBeGreaterThanOrEqual(1);
    await engine.stop();
  });
});

describe('pacing', () => {
  it('gives each reservation its own slots, however many dispatchers ask at once', async () => {
    const at = new Date('2026-06-01T12:00:00Z');
    const starts = await Promise.all(
      Array.from({ length: 5 }, () => reserveSlots(db, 'pacing-test', 1_000, at)),
    );
    expect(starts.map((s) => s.getTime() - at.getTime()).sort((a, b) => a - b)).toEqual([
      0, 1_000, 2_000, 3_000, 4_000,
    ]);
  });

  it('keeps a sender to its messages per second', async () => {
    for (let i = 0; i < 6; i += 1) await queue();
    const started = Date.now();
    await dispatcher({ mps: 20 }).runOnce();
    expect(fake.messages).toHaveLength(6);
    // Six messages at 20 per second: five gaps of 50 ms at the least.
    const received = fake.messages.map((m) => m.dateCreated.getTime());
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(received.length).toBe(6);
    const [pacing] = await db.select().from(smsSenderPacing);
    expect(pacing!.sender).toBe(FAKE_TWILIO.from);
  });
});

describe('several dispatchers', () => {
  it('send each message once between them', async () => {
    const count = 300;
    await db.execute(sql`
      insert into outbound_messages (kind, to_phone, body, send_after)
      select 'test', '+1971555' || lpad(g::text, 4, '0'), 'Shared ' || g, now() - interval '1 minute'
      from generate_series(1, ${count}) as g`);
    // On PostgreSQL each has its own connections, as separate processes would.
    const second = testDb.url ? await openPostgres(testDb.url, { poolSize: 5 }) : null;
    try {
      await Promise.all([
        dispatcher({ batchSize: 25 }).runOnce(),
        dispatcher({ batchSize: 25, db: second?.db ?? db }).runOnce(),
        dispatcher({ batchSize: 25 }).runOnce(),
      ]);
    } finally {
      await second?.close();
    }
    const bodies = fake.messages.map((m) => m.body);
    expect(new Set(bodies).size).toBe(count);
    expect(bodies).toHaveLength(count);
    const statuses = await db
      .select({ status: outboundMessages.status, n: sql<number>`count(*)::int` })
      .from(outboundMessages)
      .groupBy(outboundMessages.status);
    expect(statuses).toEqual([{ status: 'sent', n: count }]);
  });
});
