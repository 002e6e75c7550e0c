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
} from '../../src/server/db/schema';
import type { AnalyticsResponse } from '../../src/shared/responses/figures';
import type { ConsentEvent } from '../../src/shared/consent';
import type { MessageKind, MessageStatus } from '../../src/shared/delivery';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import { createUser, startSignedInApp } from './helpers/app';

/**
 * GET /api/analytics: every figure of a known outbox, consent log and inbox, counted by hand.
 * Early March 2026 is Pacific Standard Time in Los Angeles (UTC-8): a day there runs from 08:00
 * UTC to 08:00 UTC the next day. Daylight saving time starts on 8 March and ends on 1 November.
 */
let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
type Person = { id: string; phone: string | null };
let ana: Person;
let ben: Person;
let cara: Person;
let dan: Person;
let eve: Person;
/** Program ids: Alpine Walks (pods A1, A2), Breathing Basics (pod B1), Calm Evenings, Dormant. */
let alpine: string;
let breathing: string;
let calm: string;
let dormant: string;

const at = (iso: string) => new Date(iso);
let provider = 0;

async function outbox(row: {
  status: MessageStatus;
  to: Person;
  programId?: string;
  kind?: MessageKind;
  sentAt?: string;
  updatedAt?: string;
  code?: string;
  text?: string;
}) {
  const programId = row.programId ?? null;
  const updatedAt = row.updatedAt ?? row.sentAt ?? '2026-03-03T00:00:00Z';
  provider += 1;
  await ctx.db.insert(outboundMessages).values({
    kind: row.kind ?? (programId ? 'program' : 'test'),
    // Every message may carry an expiry; an opt-in request must.
    expiresAt: at('2026-03-04T00:00:00Z'),
    programId,
    // A program's day is unique per contact; the number keeps each row its own day.
    day: programId ? provider : null,
    contactId: row.to.id,
    toPhone: row.to.phone ?? '+15035550000',
    body: 'A message',
    status: row.status,
    sentAt: row.sentAt ? at(row.sentAt) : null,
    deliveredAt: row.status === 'delivered' ? at(updatedAt) : null,
    errorCode: row.code ?? null,
    errorMessage: row.text ?? null,
    createdAt: at('2026-02-20T00:00:00Z'),
    updatedAt: at(updatedAt),
  });
}

async function consent(event: ConsentEvent, who: Person | null, when: string) {
  await ctx.db.insert(consentEvents).values({
    contactId: who?.id ?? null,
    phone: who?.phone ?? '+12125550199',
    event,
    source: 'keyword',
    at: at(when),
  });
}

async function reply(who: Person | null, when: string) {
  provider += 1;
  await ctx.db.insert(inboundMessages).values({
    providerMessageId: `SM-analytics-${provider}`,
    contactId: who?.id ?? null,
    fromPhone: who?.phone ?? '+12125550199',
    toPhone: '+15005550006',
    body: 'A reply',
    receivedAt: at(when),
  });
}

async function participant(firstName: string, phone: string): Promise<Person> {
  const { user } = await createUser(ctx.db, { role: 'participant', firstName, phone });
  return { id: user.id, phone: user.phone };
}

beforeAll(async () => {
  ctx = await startSignedInApp();
  ana = await participant('Ana', '+15035550101');
  ben = await participant('Ben', '+15035550102');
  cara = await participant('Cara', '+15035550103');
  dan = await participant('Dan', '+15035550104');
  eve = await participant('Eve', '+15035550105');

  const [product] = await ctx.db
    .insert(products)
    .values({ name: 'Walks', days: 30 })
    .returning({ id: products.id });
  // Created out of name order, so the answer's order is the server's doing.
  const made = await ctx.db
    .insert(programs)
    .values(
      ['Dormant', 'Calm Evenings', 'Breathing Basics', 'Alpine Walks'].map((programName) => ({
        programName,
        productId: product!.id,
      })),
    )
    .returning({ id: programs.id });
  [dormant, calm, breathing, alpine] = made.map((p) => p.id) as [string, string, string, string];
  const podRows = await ctx.db
    .insert(pods)
    .values([
      { podId: 'POD-A1', podName: 'Alpine one' },
      { podId: 'POD-A2', podName: 'Alpine two' },
      { podId: 'POD-B1', podName: 'Breathing' },
    ])
    .returning({ id: pods.id });
  const [a1, a2, b1] = podRows.map((p) => p.id) as [string, string, string];
  await ctx.db.insert(programPods).values([
    { programId: alpine, podId: a1 },
    { programId: alpine, podId: a2 },
    { programId: breathing, podId: b1 },
  ]);
  // Ana is in both of Alpine's pods (counted once); Cara left Alpine, so she is no longer its.
  await ctx.db.insert(podMembers).values([
    { podId: a1, userId: ana.id },
    { podId: a2, userId: ana.id },
    { podId: a1, userId: ben.id },
    { podId: a1, userId: cara.id, status: 'removed', removedAt: at('2026-03-02T00:00:00Z') },
    { podId: b1, userId: dan.id },
  ]);

  // 2026-03-02 (LA): five handed over, four delivered, one undelivered.
  await outbox({ programId: alpine, to: ana, status: 'delivered', sentAt: '2026-03-02T17:00:00Z' });
  await outbox({ programId: alpine, to: ben, status: 'delivered', sentAt: '2026-03-02T17:00:00Z' });
  await outbox({
    programId: alpine,
    to: cara,
    status: 'undelivered',
    sentAt: '2026-03-02T17:00:00Z',
    updatedAt: '2026-03-02T17:05:00Z',
    code: '30007',
    text: 'Carrier filtering',
  });
  // 23:59 on 2 March in Los Angeles, already 3 March in UTC.
  await outbox({
    programId: breathing,
    to: dan,
    status: 'delivered',
    sentAt: '2026-03-03T07:59:00Z',
    updatedAt: '2026-03-03T08:01:00Z',
  });
  await outbox({ to: eve, status: 'delivered', sentAt: '2026-03-02T20:00:00Z' });

  // 2026-03-03: two handed over and not yet delivered, one failed after hand-over (at local
  // midnight exactly), one refused before hand-over, and an expired day of Alpine's.
  await outbox({ programId: alpine, to: ana, status: 'sent', sentAt: '2026-03-03T17:00:00Z' });
  await outbox({ programId: alpine, to: ben, status: 'sent', sentAt: '2026-03-03T17:00:00Z' });
  await outbox({
    kind: 'optin',
    to: eve,
    status: 'failed',
    sentAt: '2026-03-03T08:00:00Z',
    updatedAt: '2026-03-03T08:00:30Z',
    code: '30008',
    text: 'Unknown error',
  });
  await outbox({
    programId: breathing,
    to: dan,
    status: 'failed',
    updatedAt: '2026-03-03T18:00:00Z',
    code: '21211',
    text: 'Invalid phone number',
  });
  await outbox({
    programId: alpine,
    to: cara,
    status: 'expired',
    updatedAt: '2026-03-03T21:00:00Z',
  });

  // 2026-03-04: an undelivered message reported the next day counts on the day it was sent.
  await outbox({
    programId: alpine,
    to: ana,
    status: 'undelivered',
    sentAt: '2026-03-04T17:00:00Z',
    updatedAt: '2026-03-05T17:00:00Z',
    code: '30007',
    text: 'Carrier filtering',
  });
  await outbox({
    programId: breathing,
    to: dan,
    status: 'delivered',
    sentAt: '2026-03-04T17:00:00Z',
  });
  // Calm Evenings' only message in the range expired: it is listed, having sent nothing.
  await outbox({ programId: calm, to: eve, status: 'expired', updatedAt: '2026-03-04T16:30:00Z' });

  // Outside 2..4 March, or never counted.
  await outbox({ programId: alpine, to: ana, status: 'delivered', sentAt: '2026-03-01T17:00:00Z' });
  // 23:59:59 on 1 March in Los Angeles.
  await outbox({
    programId: breathing,
    to: dan,
    status: 'delivered',
    sentAt: '2026-03-02T07:59:59Z',
  });
  // Midnight starting 5 March in Los Angeles.
  await outbox({ programId: alpine, to: ben, status: 'delivered', sentAt: '2026-03-05T08:00:00Z' });
  await outbox({
    programId: breathing,
    to: dan,
    status: 'expired',
    updatedAt: '2026-03-05T09:00:00Z',
  });
  // Handed over on 1 March and reported failed on 2 March: a failure of 1 March.
  await outbox({
    programId: alpine,
    to: ben,
    status: 'failed',
    sentAt: '2026-03-01T17:00:00Z',
    updatedAt: '2026-03-02T10:00:00Z',
    code: '30003',
    text: 'Unreachable destination handset',
  });
  await outbox({ programId: alpine, to: ben, status: 'queued', updatedAt: '2026-03-03T10:00:00Z' });
  await outbox({
    programId: alpine,
    to: ben,
    status: 'canceled',
    updatedAt: '2026-03-03T10:00:00Z',
  });
  await outbox({
    programId: dormant,
    to: ben,
    status: 'skipped',
    updatedAt: '2026-03-03T10:00:00Z',
  });
  await outbox({
    programId: alpine,
    to: ben,
    status: 'unknown',
    updatedAt: '2026-03-03T10:00:00Z',
  });

  // The consent log.
  await consent('opted_in', eve, '2026-03-02T09:00:00Z');
  await consent('opted_out', cara, '2026-03-02T12:00:00Z');
  await consent('verified', ben, '2026-03-02T12:00:00Z');
  await consent('opted_out', null, '2026-03-03T12:00:00Z');
  await consent('opted_out', ana, '2026-03-03T20:00:00Z');
  await consent('opted_out', dan, '2026-03-04T10:00:00Z');
  await consent('opted_in', ana, '2026-03-04T18:00:00Z');
  await consent('opted_out', ben, '2026-03-02T07:59:59Z');
  await consent('opted_in', ben, '2026-03-05T08:00:00Z');

  // Replies.
  await reply(dan, '2026-03-02T19:00:00Z');
  await reply(null, '2026-03-03T12:00:00Z');
  await reply(ana, '2026-03-03T20:00:00Z');
  await reply(cara, '2026-03-04T01:00:00Z');
  await reply(ana, '2026-03-04T18:00:00Z');
  await reply(eve, '2026-03-01T12:00:00Z');
  await reply(ben, '2026-03-05T08:00:00Z');
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = ctx.auth) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function analytics(query: string): Promise<AnalyticsResponse> {
  const response = await get(`/api/analytics?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as AnalyticsResponse;
  expect(Object.keys(body).sort()).toEqual(['clicks', 'days', 'failures', 'programs', 'totals']);
  return body;
}

const MARCH = 'from=2026-03-02&to=2026-03-04';

describe('GET /api/analytics', () => {
  it('counts the range: sent, delivered and failed on the day handed over, expired on the day it expired', async () => {
    const { totals } = await analytics(MARCH);
    expect(totals).toEqual({
      sent: 10,
      delivered: 5,
      failed: 4,
      expired: 2,
      optIns: 2,
      optOuts: 4,
      replies: 5,
      deliveryRate: 0.5,
    });
  });

  it('lists each Los Angeles day: sent-but-not-yet-delivered messages, and a failure before hand-over on its failure day', async () => {
    const { days } = await analytics(MARCH);
    expect(days).toEqual([
      { date: '2026-03-02', sent: 5, delivered: 4, failed: 1 },
      // Two still on their way (sent, not delivered); one failed at midnight; one never taken.
      { date: '2026-03-03', sent: 3, delivered: 0, failed: 2 },
      { date: '2026-03-04', sent: 2, delivered: 1, failed: 1 },
    ]);
  });

  it('lists the failure reasons of the range, the most frequent first', async () => {
    const { failures } = await analytics(MARCH);
    expect(failures).toEqual([
      { errorCode: '30007', errorMessage: 'Carrier filtering', count: 2 },
      { errorCode: '21211', errorMessage: 'Invalid phone number', count: 1 },
      { errorCode: '30008', errorMessage: 'Unknown error', count: 1 },
    ]);
  });

  it('lists every program with a message sent, failed or expired in the range, by name', async () => {
    const { programs: rows } = await analytics(MARCH);
    expect(rows).toEqual([
      {
        programId: alpine,
        programName: 'Alpine Walks',
        sent: 6,
        delivered: 2,
        deliveryRate: 2 / 6,
        // Ana's; Cara's opt-out is no longer Alpine's, she left its pod.
        optOuts: 1,
        // Ana, Ben and Cara, each once.
        recipients: 3,
        optOutRate: 1 / 3,
      },
      {
        programId: breathing,
        programName: 'Breathing Basics',
        sent: 2,
        delivered: 2,
        deliveryRate: 1,
        optOuts: 1,
        recipients: 1,
        optOutRate: 1,
      },
      {
        programId: calm,
        programName: 'Calm Evenings',
        sent: 0,
        delivered: 0,
        deliveryRate: null,
        optOuts: 0,
        recipients: 0,
        optOutRate: null,
      },
    ]);
  });

  it("with programId, counts that program's messages and the consent and replies of the people in its pods", async () => {
    const body = await analytics(`${MARCH}&programId=${alpine}`);
    expect(body.totals).toEqual({
      sent: 6,
      delivered: 2,
      failed: 2,
      expired: 1,
      // Ana's opt-in and opt-out, and her two replies: once each though she is in both pods.
      optIns: 1,
      optOuts: 1,
      replies: 2,
      deliveryRate: 2 / 6,
    });
    expect(body.days).toEqual([
      { date: '2026-03-02', sent: 3, delivered: 2, failed: 1 },
      { date: '2026-03-03', sent: 2, delivered: 0, failed: 0 },
      { date: '2026-03-04', sent: 1, delivered: 0, failed: 1 },
    ]);
    expect(body.failures).toEqual([
      { errorCode: '30007', errorMessage: 'Carrier filtering', count: 2 },
    ]);
    expect(body.programs.map((p) => [p.programName, p.sent, p.recipients, p.optOuts])).toEqual([
      ['Alpine Walks', 6, 3, 1],
    ]);
  });

  it('with programId of a program that did nothing in the range, answers zeros and lists no program', async () => {
    const body = await analytics(`${MARCH}&programId=${dormant}`);
    expect(body.totals).toEqual({
      sent: 0,
      delivered: 0,
      failed: 0,
      expired: 0,
      optIns: 0,
      optOuts: 0,
      replies: 0,
      deliveryRate: null,
    });
    expect(body.programs).toEqual([]);
  });

  it('answers an empty range with zeros, every day listed, no rates, no failures and no programs', async () => {
    expect(await analytics('from=2025-06-01&to=2025-06-03')).toEqual({
      totals: {
        sent: 0,
        delivered: 0,
        failed: 0,
        expired: 0,
        optIns: 0,
        optOuts: 0,
        replies: 0,
        deliveryRate: null,
      },
      days: ['2025-06-01', '2025-06-02', '2025-06-03'].map((date) => ({
        date,
        sent: 0,
        delivered: 0,
        failed: 0,
      })),
      failures: [],
      programs: [],
      // No message carried a tracked link (link-click-figures.test.ts counts those).
      clicks: {
        totals: { messages: 0, reached: 0, clicked: 0, rate: null },
        days: [],
        programs: [],
        programDays: [],
      },
    });
  });

  it('lists a single day, and a whole leap year of 366 days', async () => {
    expect((await analytics('from=2026-03-03&to=2026-03-03')).days).toEqual([
      { date: '2026-03-03', sent: 3, delivered: 0, failed: 2 },
    ]);
    const year = await analytics('from=2024-01-01&to=2024-12-31');
    expect(year.days).toHaveLength(366);
    expect(year.days[59]!.date).toBe('2024-02-29');
    expect(year.days.at(-1)!.date).toBe('2024-12-31');
  });

  it('answers for the first and the last days a date may name', async () => {
    expect((await analytics('from=0001-01-01&to=0001-12-31')).days).toHaveLength(365);
    expect((await analytics('from=9999-12-31&to=9999-12-31')).days).toEqual([
      { date: '9999-12-31', sent: 0, delivered: 0, failed: 0 },
    ]);
  });

  it('keeps failure reasons apart by code and words, and lists at most ten', async () => {
    // Twelve reasons on 2025-07-10 (LA), the first failing twice.
    for (let i = 1; i <= 12; i++) {
      for (let n = 0; n < (i === 1 ? 2 : 1); n++) {
        await outbox({
          to: eve,
          status: 'failed',
          updatedAt: '2025-07-10T18:00:00Z',
          code: `3${String(i).padStart(4, '0')}`,
          text: `Reason ${i}`,
        });
      }
    }
    await outbox({ to: eve, status: 'failed', updatedAt: '2025-07-10T18:00:00Z' });
    const { failures, totals } = await analytics('from=2025-07-10&to=2025-07-10');
    expect(totals.failed).toBe(14);
    expect(failures).toHaveLength(10);
    expect(failures[0]).toEqual({ errorCode: '30001', errorMessage: 'Reason 1', count: 2 });
    expect(failures.slice(1).map((f) => f.count)).toEqual(Array(9).fill(1));
  });
});

describe('GET /api/analytics across daylight-saving changes', () => {
  beforeAll(async () => {
    // Spring forward on 8 March 2026: midnight is 08:00 UTC in PST and 07:00 UTC in PDT, and
    // 8 March lasts 23 hours. Handed-over messages, bucketed by sent_at.
    for (const sentAt of [
      '2026-03-07T07:59:59Z', // 6 March, 23:59:59 PST: outside
      '2026-03-07T08:00:00Z', // 7 March, 00:00 PST
      '2026-03-08T07:59:59Z', // 7 March, 23:59:59 PST
      '2026-03-08T08:00:00Z', // 8 March, 00:00 PST
      '2026-03-09T06:59:59Z', // 8 March, 23:59:59 PDT
      '2026-03-09T07:00:00Z', // 9 March, 00:00 PDT
      '2026-03-10T06:59:59Z', // 9 March, 23:59:59 PDT
      '2026-03-10T07:00:00Z', // 10 March, 00:00 PDT: outside
    ]) {
      await outbox({ to: eve, status: 'delivered', sentAt });
    }
    // Fall back on 1 November 2026: 1 November lasts 25 hours. Failures before hand-over,
    // bucketed by the time they failed.
    for (const updatedAt of [
      '2026-10-31T06:59:59Z', // 30 October, 23:59:59 PDT: outside
      '2026-10-31T07:00:00Z', // 31 October, 00:00 PDT
      '2026-11-01T06:59:59Z', // 31 October, 23:59:59 PDT
      '2026-11-01T07:00:00Z', // 1 November, 00:00 PDT
      '2026-11-02T07:59:59Z', // 1 November, 23:59:59 PST
      '2026-11-02T08:00:00Z', // 2 November, 00:00 PST
      '2026-11-03T07:59:59Z', // 2 November, 23:59:59 PST
      '2026-11-03T08:00:00Z', // 3 November, 00:00 PST: outside
    ]) {
      await outbox({ to: eve, status: 'failed', updatedAt, code: '30006', text: 'Landline' });
    }
  });

  it('puts messages right at the local midnights of the spring change on their Los Angeles day', async () => {
    const { days, totals } = await analytics('from=2026-03-07&to=2026-03-09');
    expect(days).toEqual([
      { date: '2026-03-07', sent: 2, delivered: 2, failed: 0 },
      { date: '2026-03-08', sent: 2, delivered: 2, failed: 0 },
      { date: '2026-03-09', sent: 2, delivered: 2, failed: 0 },
    ]);
    expect(totals.sent).toBe(6);
  });

  it('puts failures right at the local midnights of the autumn change on their Los Angeles day', async () => {
    const { days, totals, failures } = await analytics('from=2026-10-31&to=2026-11-02');
    expect(days).toEqual([
      { date: '2026-10-31', sent: 0, delivered: 0, failed: 2 },
      { date: '2026-11-01', sent: 0, delivered: 0, failed: 2 },
      { date: '2026-11-02', sent: 0, delivered: 0, failed: 2 },
    ]);
    expect(totals.failed).toBe(6);
    expect(failures).toEqual([{ errorCode: '30006', errorMessage: 'Landline', count: 6 }]);
  });
});

describe('GET /api/analytics refuses', () => {
  const t = messages.analyticsApi;

  async function refused(query: string) {
    const response = await get(`/api/analytics${query}`);
    expect(response.statusCode, response.body).toBe(400);
    return response.json() as { error: string; details: { field: string; message: string }[] };
  }

  it('dates that are not dates, or missing', async () => {
    expect(await refused('?from=2026-02-30&to=2026-03-04')).toEqual({
      error: t.fromInvalid,
      details: [{ field: 'from', message: t.fromInvalid }],
    });
    expect(await refused('?from=2026-03-01&to=03/04/2026')).toEqual({
      error: t.toInvalid,
      details: [{ field: 'to', message: t.toInvalid }],
    });
    expect(await refused('')).toEqual({
      error: t.fromInvalid,
      details: [
        { field: 'from', message: t.fromInvalid },
        { field: 'to', message: t.toInvalid },
      ],
    });
    expect((await refused('?from=2026-03-01T00:00:00Z&to=2026-03-04')).error).toBe(t.fromInvalid);
  });

  it('a range that ends before it starts, or covers more than 366 days', async () => {
    expect(await refused('?from=2026-03-04&to=2026-03-03')).toEqual({
      error: t.toBeforeFrom,
      details: [{ field: 'to', message: t.toBeforeFrom }],
    });
    const tooLong = 'The range may cover at most 366 days';
    expect(await refused('?from=2025-01-01&to=2026-01-02')).toEqual({
      error: tooLong,
      details: [{ field: 'to', message: tooLong }],
    });
  });

  it('a programId that is not a program id', async () => {
    expect(await refused(`?${MARCH}&programId=alpine`)).toEqual({
      error: t.programInvalid,
      details: [{ field: 'programId', message: t.programInvalid }],
    });
  });

  it('an unknown program with 404, and a request without a session with 401', async () => {
    const unknown = await get(
      `/api/analytics?${MARCH}&programId=6f1d7a52-3a43-4b6f-9b0e-0c1f7b0c5e11`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: serverTexts.programs.notFound });
    const anonymous = await get(`/api/analytics?${MARCH}`, {});
    expect(anonymous.statusCode).toBe(401);
  });
});
