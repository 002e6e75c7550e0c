import { and, asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { createPlanner } from '../../src/server/delivery/planner';
import { createTwilioProvider } from '../../src/server/delivery/twilio-provider';
import { serverTexts } from '../../src/server/texts';
import { addDays, sendTimeOfDay, wallClock, type ProgramSchedule } from '../../src/shared/schedule';
import type { ApiConsentEvent } from '../../src/shared/responses/messages';
import {
  FAKE_TWILIO,
  FAKE_TWILIO_ENV,
  startFakeTwilio,
  type FakeTwilioServer,
} from '../helpers/fake-twilio';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';
import { signedReply } from './helpers/sms';

/**
 * Consent belongs to the phone: once a number replied STOP, no contact that carries it (one
 * created with it afterwards, one whose number is changed to it, one written straight into the
 * database) receives a program's message until the number itself replies START; and one number
 * receives a program's day once, however many contacts share it.
 */

const PUBLIC_URL = 'https://tidings.example.org';
const CUTOFF_MS = 4 * 60 * 60 * 1000;
const log = Fastify().log;

let ctx: TestContext;
let fake: FakeTwilioServer;
let admin: Record<string, string>;
let host: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeTwilio();
  ctx = await startTestApp({
    ...FAKE_TWILIO_ENV,
    TWILIO_API_URL: fake.url,
    DISPATCHER: 'off',
    PUBLIC_URL,
  });
  const a = await createUser(ctx.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  const h = await createUser(ctx.db, { role: 'host', firstName: 'Hana', lastName: 'Host' });
  admin = bearer(await loginAs(ctx.app, a.user.email, a.password!));
  host = bearer(await loginAs(ctx.app, h.user.email, h.password!));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => {
  fake.messages.length = 0;
});

/** A reply from `from`, through the signed webhook. */
async function reply(from: string, body: string) {
  const response = await signedReply(ctx.app, PUBLIC_URL, from, body);
  expect(response.statusCode, response.body).toBe(200);
}

let n = 0;
/** The contact form's payload for a verified participant. */
function participant(phone: string, overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    email: `phone-consent-${n}@example.org`,
    role: 'participant',
    status: 'active',
    firstName: 'Pat',
    lastName: `Number${n}`,
    phone,
    smsVerified: true,
    sendOptinMessage: false,
    ...overrides,
  };
}

async function create(body: Record<string, unknown>, auth = admin) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/contacts',
    payload: body,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().contact as { id: string; email: string; smsOptedOutAt: string | null };
}

async function update(id: string, body: Record<string, unknown>, auth = host) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/contacts/${id}`,
    payload: body,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().contact as { id: string; smsOptedOutAt: string | null };
}

async function consentLog(id: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/contacts/${id}/consent`,
    headers: host,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().events as ApiConsentEvent[];
}

/**
 * A running program of one pod, whose first day goes out at 9:00 New York time tomorrow (so
 * every contact made now joined before it), and a planner and a dispatcher on its clock. Its
 * participants have Manhattan numbers: their area code keeps them on the program's clock.
 */
async function program(name: string) {
  const today = wallClock(new Date(), 'America/New_York').date;
  const schedule: ProgramSchedule = {
    startDate: addDays(today, 1),
    sendTime: '09:00',
    timeZone: 'America/New_York',
    days: 2,
  };
  const [product] = await ctx.db.insert(products).values({ name, days: 2 }).returning();
  await ctx.db
    .insert(productMessages)
    .values([0, 1, 2, 3].map((day) => ({ productId: product!.id, day, text: `${name} ${day}` })));
  const [pod] = await ctx.db
    .insert(pods)
    .values({ podId: `POD-${name}`, podName: name })
    .returning();
  const [row] = await ctx.db
    .insert(programs)
    .values({
      programName: name,
      productId: product!.id,
      timeZone: 'America/New_York',
      startDate: schedule.startDate,
      sendTime: schedule.sendTime,
    })
    .returning();
  await ctx.db.insert(programPods).values({ programId: row!.id, podId: pod!.id });
  let clock = new Date();
  const now = () => clock;
  const planner = createPlanner({ db: ctx.db, publicUrl: PUBLIC_URL, cutoffMs: CUTOFF_MS, now });
  const dispatcher = createDispatcher({
    db: ctx.db,
    provider: createTwilioProvider(
      { ...FAKE_TWILIO, messagingServiceSid: undefined, apiUrl: fake.url },
      PUBLIC_URL,
    ),
    mps: 0,
    cutoffMs: CUTOFF_MS,
    log,
    now,
  });
  return {
    id: row!.id,
    async join(...contactIds: string[]) {
      await ctx.db
        .insert(podMembers)
        .values(contactIds.map((userId) => ({ podId: pod!.id, userId })));
    },
    /** Plans day `day` two minutes before its time, then sends it at its time. */
    async runDay(day: number) {
      const { sendAt } = sendTimeOfDay(schedule, day);
      clock = new Date(sendAt.getTime() - 60_000);
      await planner.planOnce();
      clock = new Date(sendAt.getTime() + 1_000);
      await dispatcher.runOnce();
    },
  };
}

/** The program messages the provider received for `phone` (its replies to STOP and START aside). */
const sentTo = (phone: string, name: string) =>
  fake.messages.filter((m) => m.to === phone && m.body.startsWith(name)).map((m) => m.body);

const rowsOf = (programId: string) =>
  ctx.db
    .select({
      contactId: outboundMessages.contactId,
      toPhone: outboundMessages.toPhone,
      day: outboundMessages.day,
      status: outboundMessages.status,
      errorMessage: outboundMessages.errorMessage,
    })
    .from(outboundMessages)
    .where(eq(outboundMessages.programId, programId))
    .orderBy(asc(outboundMessages.day), asc(outboundMessages.toPhone));

describe('a number that replied STOP', () => {
  it('gets no program message through a contact created with it, or changed to it, afterwards', async () => {
    const run = await program('Stopped');
    const first = await create(participant('+12125550177'));
    await run.join(first.id);
    await reply('+12125550177', 'STOP');

    // An admin creates another participant with the number, marked verified ...
    const second = await create(participant('212-555-0177'));
    // ... and a host changes a verified participant's number to it.
    const third = await create(participant('+12125550178'));
    const changed = await update(third.id, participant('(212) 555-0177', { email: third.email }));
    await run.join(second.id, third.id);

    await run.runDay(0);
    expect(sentTo('+12125550177', 'Stopped')).toEqual([]);
    expect(second.smsOptedOutAt).not.toBeNull();
    expect(changed.smsOptedOutAt).not.toBeNull();
    expect(await rowsOf(run.id)).toEqual([]);
  });

  it('says on the contact why a contact saved with the number is opted out', async () => {
    await reply('+12125550166', 'stop please');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: participant('+12125550166'),
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json();
    // The answer says so, for the form's notice ...
    expect(saved.phoneOptedOut).toBe(true);
    expect(saved.contact.smsOptedOutAt).not.toBeNull();
    // ... and the contact's consent log says who saved the number, after the verification given.
    const [row, ...older] = await consentLog(saved.contact.id);
    expect(older.map((e) => [e.event, e.source])).toEqual([['verified', 'staff']]);
    expect(row).toMatchObject({
      event: 'opted_out',
      source: 'staff',
      phone: '+12125550166',
      staffName: 'Ada Admin',
    });
  });

  it('is honoured by the planner and the last check before sending, whatever the contact row says', async () => {
    const run = await program('Drift');
    await reply('+12125550155', 'STOP');
    // Written around the application (an old import, a restored backup): not marked opted out.
    const [drifted] = await ctx.db
      .insert(users)
      .values({
        email: 'drifted@example.org',
        role: 'participant',
        firstName: 'Dri',
        lastName: 'Fted',
        phone: '+12125550155',
        smsVerified: true,
      })
      .returning();
    await run.join(drifted!.id);
    await run.runDay(0);
    expect(await rowsOf(run.id)).toEqual([]);

    // A program message queued to the number anyway is not sent, and says why.
    await ctx.db.insert(outboundMessages).values({
      kind: 'program',
      programId: run.id,
      contactId: drifted!.id,
      toPhone: '+12125550155',
      day: 1,
      body: 'Drift 1',
      sendAfter: new Date(Date.now() - 1_000),
    });
    await run.runDay(1);
    expect(sentTo('+12125550155', 'Drift')).toEqual([]);
    expect(await rowsOf(run.id)).toEqual([
      {
        contactId: drifted!.id,
        toPhone: '+12125550155',
        day: 1,
        status: 'skipped',
        errorMessage: serverTexts.inbound.phoneOptedOut,
      },
    ]);
  });

  it('receives again, once a day, after the number itself replies START', async () => {
    const run = await program('Restart');
    await reply('+12125550144', 'STOP');
    const one = await create(participant('+12125550144'));
    const two = await create(participant('+1 212 555 0144'));
    await run.join(one.id, two.id);
    await run.runDay(0);
    expect(sentTo('+12125550144', 'Restart')).toEqual([]);

    await reply('+12125550144', 'START');
    fake.messages.length = 0;
    await run.runDay(1);
    expect(sentTo('+12125550144', 'Restart')).toEqual(['Restart 1']);
  });
});

describe('contacts sharing a number', () => {
  it('get each program day once at that number', async () => {
    const run = await program('Shared');
    const parent = await create(participant('+12125550133'));
    const child = await create(participant('212.555.0133'));
    const other = await create(participant('+12125550134'));
    await run.join(parent.id, child.id, other.id);
    await run.runDay(0);
    await run.runDay(1);
    expect(sentTo('+12125550133', 'Shared')).toEqual(['Shared 0', 'Shared 1']);
    expect(sentTo('+12125550134', 'Shared')).toEqual(['Shared 0', 'Shared 1']);
    // One row a day for the number, both through the same one of the two contacts.
    const rows = await ctx.db
      .select({ contactId: outboundMessages.contactId })
      .from(outboundMessages)
      .where(
        and(eq(outboundMessages.programId, run.id), eq(outboundMessages.toPhone, '+12125550133')),
      );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.contactId)).size).toBe(1);
  });
});
