import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outboundMessages,
  podMembers,
  pods,
  products,
  programPods,
  programs,
} from '../../src/server/db/schema';
import type { MessageStatus } from '../../src/shared/delivery';
import { serverTexts } from '../../src/server/texts';
import type { ApiDeliveryDay, ApiProgramDeliveries } from '../../src/shared/responses/programs';
import { createUser, startSignedInApp } from './helpers/app';

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let program: string;
let draft: string;
let phone = 1000;

const zero = {
  queued: 0,
  sending: 0,
  unknown: 0,
  sent: 0,
  delivered: 0,
  undelivered: 0,
  failed: 0,
  expired: 0,
  canceled: 0,
  skipped: 0,
};

async function participant(overrides: Parameters<typeof createUser>[1] = {}) {
  phone += 1;
  const { user } = await createUser(ctx.db, {
    role: 'participant',
    phone: `+1503555${phone}`,
    smsVerified: true,
    ...overrides,
  });
  return user;
}

/** Day messages of the program: `status` for each contact given. */
async function outbox(
  day: number,
  rows: {
    status: MessageStatus;
    code?: string;
    text?: string;
    sendAfter?: Date;
    timeZone?: string;
  }[],
) {
  for (const row of rows) {
    const contact = await participant();
    await ctx.db.insert(outboundMessages).values({
      kind: 'program',
      programId: program,
      contactId: contact.id,
      toPhone: contact.phone!,
      body: `Day ${day}`,
      day,
      status: row.status,
      errorCode: row.code ?? null,
      errorMessage: row.text ?? null,
      sendAfter: row.sendAfter,
      timeZone: row.timeZone ?? null,
    });
  }
}

beforeAll(async () => {
  ctx = await startSignedInApp();
  const [product] = await ctx.db
    .insert(products)
    .values({ name: 'Morning Walks', days: 3 })
    .returning({ id: products.id });
  const made = await ctx.db
    .insert(programs)
    .values([
      {
        programName: 'Spring Steps',
        productId: product!.id,
        startDate: '2026-03-07',
        sendTime: '09:00',
        timeZone: 'America/New_York',
      },
      { programName: 'Unscheduled', productId: product!.id },
    ])
    .returning({ id: programs.id });
  [program, draft] = made.map((p) => p.id) as [string, string];

  // Recipients: two who qualify, and one of each kind who does not.
  const [pod] = await ctx.db
    .insert(pods)
    .values({ podId: 'POD-D', podName: 'Deliveries' })
    .returning({ id: pods.id });
  await ctx.db.insert(programPods).values({ programId: program, podId: pod!.id });
  const first = await participant();
  const members = [
    first,
    await participant(),
    // Sharing the first one's number: the number gets each day once, through the first.
    await participant({ phone: first.phone }),
    await participant({ smsVerified: false }),
    await participant({ status: 'inactive' }),
    await participant({ smsOptedOutAt: new Date() }),
    await participant({ phone: null, smsVerified: false }),
    // Inactive and opted out: counted once, under the first reason.
    await participant({ status: 'inactive', smsOptedOutAt: new Date() }),
  ];
  await ctx.db
    .insert(podMembers)
    .values(members.map((m) => ({ podId: pod!.id, userId: m.id, role: 'participant' as const })));

  await outbox(0, [{ status: 'delivered' }, { status: 'delivered' }, { status: 'sent' }]);
  await outbox(1, [
    { status: 'delivered' },
    { status: 'undelivered', code: '30007', text: 'Carrier filtering' },
    { status: 'undelivered', code: '30007', text: 'Carrier filtering' },
    { status: 'failed', code: '21211', text: 'Invalid phone number' },
    { status: 'expired', text: 'Too late' },
    { status: 'canceled' },
  ]);
  await outbox(2, [{ status: 'queued' }, { status: 'sending' }, { status: 'unknown' }]);
  // Day 3 (9:00 in New York on 10 March): two held for 08:00 in Los Angeles, one for 08:00 the
  // next day in Chicago (a Florida recipient's western zone, past Florida's 20:00), one due at its
  // time, one retried a bit later.
  const day3 = new Date('2026-03-10T13:00:00Z');
  await outbox(3, [
    { status: 'queued', sendAfter: LA_MORNING, timeZone: 'America/Los_Angeles' },
    { status: 'queued', sendAfter: LA_MORNING, timeZone: 'America/Los_Angeles' },
    {
      status: 'queued',
      sendAfter: CHICAGO_MORNING,
      timeZone: 'America/New_York America/Chicago',
    },
    { status: 'queued', sendAfter: day3, timeZone: 'America/New_York' },
    {
      status: 'queued',
      sendAfter: new Date(day3.getTime() + 90_000),
      timeZone: 'America/New_York',
    },
  ]);
});

/** 08:00 on 10 March 2026 in Los Angeles (PDT) and in Chicago (CDT). */
const LA_MORNING = new Date('2026-03-10T15:00:00Z');
const CHICAGO_MORNING = new Date('2026-03-11T13:00:00Z');
afterAll(() => ctx.close());

async function deliveries(id: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/programs/${id}/deliveries`,
    headers: ctx.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ApiProgramDeliveries;
}

describe('GET /api/programs/{id}/deliveries', () => {
  it('lists every day of the schedule, with its local send time, and counts its messages by status', async () => {
    const { days } = await deliveries(program);
    // A 3-day product: the pre-message (day 0), three days and the conclusion (day 4).
    expect(days.map((d) => [d.day, d.sendAt])).toEqual([
      [0, '2026-03-07T14:00:00.000Z'],
      // Daylight saving time starts on 8 March in New York: 9:00 is then 13:00 UTC.
      [1, '2026-03-08T13:00:00.000Z'],
      [2, '2026-03-09T13:00:00.000Z'],
      [3, '2026-03-10T13:00:00.000Z'],
      [4, '2026-03-11T13:00:00.000Z'],
    ]);
    const counts = ({
      day: _day,
      sendAt: _sendAt,
      failures: _failures,
      waiting: _waiting,
      clicks,
      ...rest
    }: ApiDeliveryDay) => {
      // No message of this program carried a tracked link (link-click-figures.test.ts has some).
      expect(clicks).toBeNull();
      return rest;
    };
    expect(counts(days[0]!)).toEqual({ ...zero, delivered: 2, sent: 1 });
    expect(counts(days[1]!)).toEqual({
      ...zero,
      delivered: 1,
      undelivered: 2,
      failed: 1,
      expired: 1,
      canceled: 1,
    });
    expect(counts(days[2]!)).toEqual({ ...zero, queued: 1, sending: 1, unknown: 1 });
    expect(counts(days[3]!)).toEqual({ ...zero, queued: 5 });
  });

  it('says when and where the messages quiet hours hold will go, soonest first', async () => {
    const { days } = await deliveries(program);
    expect(days[3]!.waiting).toEqual([
      { until: LA_MORNING.toISOString(), timeZone: 'America/Los_Angeles', count: 2 },
      { until: CHICAGO_MORNING.toISOString(), timeZone: 'America/Chicago', count: 1 },
    ]);
    // Messages waiting for their own time, or for a retry, are not held by quiet hours.
    expect(days[2]!.waiting).toEqual([]);
  });

  it('lists the failures of each day by reason, the most frequent first', async () => {
    const { days } = await deliveries(program);
    expect(days[1]!.failures).toEqual([
      { errorCode: '30007', errorMessage: 'Carrier filtering', count: 2 },
      { errorCode: '21211', errorMessage: 'Invalid phone number', count: 1 },
    ]);
    expect(days[0]!.failures).toEqual([]);
  });

  it('counts the recipients now: the numbers of active, opted in, not opted out participants of its pods', async () => {
    expect((await deliveries(program)).recipients).toBe(2);
  });

  it('says why the others of its pods will not receive messages, each counted once', async () => {
    expect((await deliveries(program)).audience).toEqual({
      total: 8,
      recipients: 2,
      inactive: 2,
      optedOut: 1,
      noPhone: 1,
      notOptedIn: 1,
      sharedPhone: 1,
    });
  });

  it('has no days for a draft, and no enrollments for a cohort program', async () => {
    const none = {
      total: 0,
      recipients: 0,
      inactive: 0,
      optedOut: 0,
      noPhone: 0,
      notOptedIn: 0,
      sharedPhone: 0,
    };
    expect(await deliveries(draft)).toEqual({
      days: [],
      recipients: 0,
      audience: none,
      enrollments: null,
    });
  });

  it('answers 404 for an unknown program and 401 without a session', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/programs/6f1d7a52-3a43-4b6f-9b0e-0c1f7b0c5e11/deliveries',
      headers: ctx.auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: serverTexts.programs.notFound });
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/programs/${program}/deliveries`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
