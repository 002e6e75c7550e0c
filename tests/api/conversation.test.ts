import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundMessages, outboundMessages, products, programs } from '../../src/server/db/schema';
import { formatMessage } from '../../src/shared/format';
import { serverTexts } from '../../src/server/texts';
import type {
  ApiConversation,
  ApiConversationEntry,
  ApiInboundMessage,
  ApiMessage,
} from '../../src/shared/responses/messages';
import { createUser, startSignedInApp } from './helpers/app';
import { UNTOUCHED_IN_INBOX } from '../helpers/inbox-fields';

/** GET /api/contacts/{id}/conversation: both directions merged, newest first, a page at a time. */
let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let ana: { id: string };
let ben: { id: string };
let walks: string;
/** Row ids by name. */
const ids: Record<string, string> = {};

const at = (iso: string) => new Date(iso);
let sid = 0;

async function sent(name: string, contactId: string, createdAt: string, row = {}) {
  const [inserted] = await ctx.db
    .insert(outboundMessages)
    .values({
      kind: 'program',
      contactId,
      toPhone: '+15035550101',
      body: `Sent ${name}`,
      status: 'delivered',
      createdAt: at(createdAt),
      sendAfter: at(createdAt),
      ...row,
    })
    .returning({ id: outboundMessages.id });
  ids[name] = inserted!.id;
}

async function received(name: string, contactId: string | null, receivedAt: string, row = {}) {
  sid += 1;
  const [inserted] = await ctx.db
    .insert(inboundMessages)
    .values({
      providerMessageId: `SM${String(sid).padStart(32, '0')}`,
      fromPhone: '+15035550101',
      toPhone: '+15005550006',
      body: `Received ${name}`,
      contactId,
      receivedAt: at(receivedAt),
      ...row,
    })
    .returning({ id: inboundMessages.id });
  ids[name] = inserted!.id;
}

beforeAll(async () => {
  ctx = await startSignedInApp();
  ana = (
    await createUser(ctx.db, {
      role: 'participant',
      firstName: 'Ana',
      lastName: 'Alvarez',
      phone: '+15035550101',
    })
  ).user;
  ben = (await createUser(ctx.db, { role: 'participant', phone: '+15035550102' })).user;
  const [product] = await ctx.db
    .insert(products)
    .values({ name: 'Morning Walks', days: 3 })
    .returning({ id: products.id });
  const [program] = await ctx.db
    .insert(programs)
    .values({ programName: 'Spring Steps', productId: product!.id, startDate: '2026-03-01' })
    .returning({ id: programs.id });
  walks = program!.id;

  await sent('optin', ana.id, '2026-03-01T09:00:00Z', {
    kind: 'optin',
    expiresAt: at('2026-03-01T13:00:00Z'),
    body: 'Reply JOIN',
    status: 'sent',
  });
  await received('join', ana.id, '2026-03-01T09:05:00Z', { body: 'Join!', intent: 'optin' });
  await sent('confirmed', ana.id, '2026-03-01T09:05:01Z', { kind: 'reply', body: "You're in!" });
  await sent('day0', ana.id, '2026-03-02T16:00:00Z', {
    programId: walks,
    day: 0,
    segments: 2,
    providerMessageId: 'SM-day0',
  });
  await received('thanks', ana.id, '2026-03-02T16:30:00Z', {
    body: 'Thank you, lovely walk',
    mediaUrls: ['https://api.twilio.com/media/ME1'],
  });
  await sent('day1', ana.id, '2026-03-03T16:00:00Z', { programId: walks, day: 1 });
  await received('stop', ana.id, '2026-03-03T18:00:00Z', { body: 'stop please', intent: 'optout' });
  // Not Ana's: another contact's messages, and a number Tidings does not know with Ana's phone.
  await sent('benDay0', ben.id, '2026-03-02T16:00:00Z', { toPhone: '+15035550102' });
  await received('benReply', ben.id, '2026-03-02T17:00:00Z', { fromPhone: '+15035550102' });
  await received('stranger', null, '2026-03-02T18:00:00Z');
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = ctx.auth) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function conversation(contactId: string, query = '') {
  const response = await get(`/api/contacts/${contactId}/conversation${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as ApiConversation;
  expect(Object.keys(body).sort()).toEqual(['entries', 'hasMore']);
  return body;
}

const names = (entries: ApiConversationEntry[]) =>
  entries.map((e) => Object.keys(ids).find((name) => ids[name] === e.id));

/** Every entry, read `limit` at a time with `before` as the API says to. */
async function allPages(contactId: string, limit: number) {
  const pages: ApiConversationEntry[][] = [];
  let before = '';
  for (;;) {
    const page = await conversation(
      contactId,
      `?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
    );
    pages.push(page.entries);
    if (!page.hasMore) return pages;
    expect(page.entries.length, 'a page that says more follows has entries').toBeGreaterThan(0);
    before = page.entries.at(-1)!.at;
    expect(pages.length).toBeLessThan(50);
  }
}

describe('GET /api/contacts/{id}/conversation', () => {
  it('merges the messages sent and received, newest first, only the contact’s own', async () => {
    const { entries, hasMore } = await conversation(ana.id);
    expect(hasMore).toBe(false);
    expect(names(entries)).toEqual([
      'stop',
      'day1',
      'thanks',
      'day0',
      'confirmed',
      'join',
      'optin',
    ]);
    expect(entries.map((e) => e.direction)).toEqual(['in', 'out', 'in', 'out', 'out', 'in', 'out']);
    expect(entries.map((e) => e.at)).toEqual([
      '2026-03-03T18:00:00.000Z',
      '2026-03-03T16:00:00.000Z',
      '2026-03-02T16:30:00.000Z',
      '2026-03-02T16:00:00.000Z',
      '2026-03-01T09:05:01.000Z',
      '2026-03-01T09:05:00.000Z',
      '2026-03-01T09:00:00.000Z',
    ]);
  });

  it('shapes a sent entry as GET /api/messages does, and a received one as a reply', async () => {
    const { entries } = await conversation(ana.id);
    const day0 = entries.find((e) => e.id === ids.day0)!;
    const listed = await get(`/api/messages?contactId=${ana.id}&programId=${walks}&day=0`);
    const [message] = listed.json().messages as ApiMessage[];
    expect(day0).toEqual({ direction: 'out', at: '2026-03-02T16:00:00.000Z', ...message });
    expect(message).toMatchObject({ programName: 'Spring Steps', contactName: 'Ana Alvarez' });

    const thanks = entries.find((e) => e.id === ids.thanks)!;
    expect(thanks).toEqual({
      direction: 'in',
      at: '2026-03-02T16:30:00.000Z',
      _id: ids.thanks!,
      id: ids.thanks!,
      providerMessageId: expect.stringMatching(/^SM\d{32}$/),
      fromPhone: '+15035550101',
      toPhone: '+15005550006',
      body: 'Thank you, lovely walk',
      mediaUrls: ['https://api.twilio.com/media/ME1'],
      contactId: ana.id,
      contactName: 'Ana Alvarez',
      intent: null,
      receivedAt: '2026-03-02T16:30:00.000Z',
      // Sent by the phone, not typed with Simulate reply.
      simulatedBy: null,
      simulatedByName: null,
      // Free text: new in the inbox, assigned to nobody, needing no review.
      ...UNTOUCHED_IN_INBOX,
    } satisfies ApiInboundMessage & { direction: 'in'; at: string });
    expect(entries.find((e) => e.id === ids.stop)).toMatchObject({ intent: 'optout' });
  });

  it('pages with limit and before (exclusive), hasMore until the oldest', async () => {
    const first = await conversation(ana.id, '?limit=3');
    expect(names(first.entries)).toEqual(['stop', 'day1', 'thanks']);
    expect(first.hasMore).toBe(true);
    const second = await conversation(
      ana.id,
      `?limit=3&before=${encodeURIComponent(first.entries[2]!.at)}`,
    );
    expect(names(second.entries)).toEqual(['day0', 'confirmed', 'join']);
    expect(second.hasMore).toBe(true);
    const third = await conversation(ana.id, `?limit=3&before=2026-03-01T09:05:00.000Z`);
    expect(names(third.entries)).toEqual(['optin']);
    expect(third.hasMore).toBe(false);
    // Exactly as many as asked for, and nothing older: no more.
    const exact = await conversation(ana.id, '?limit=2&before=2026-03-01T09:05:01Z');
    expect(names(exact.entries)).toEqual(['join', 'optin']);
    expect(exact.hasMore).toBe(false);
    // Any offset is read as the instant it names.
    const offset = await conversation(
      ana.id,
      `?before=${encodeURIComponent('2026-03-02T17:30:00+01:00')}`,
    );
    expect(names(offset.entries)).toEqual(['day0', 'confirmed', 'join', 'optin']);
    expect((await conversation(ana.id, '?before=2026-01-01T00:00:00Z')).entries).toEqual([]);
  });

  it('reads 50 entries unless asked for another number, at most 100', async () => {
    const { user: chatty } = await createUser(ctx.db, {
      role: 'participant',
      phone: '+15035550199',
    });
    await ctx.db.insert(inboundMessages).values(
      Array.from({ length: 120 }, (_, i) => ({
        providerMessageId: `SMchatty${i}`,
        fromPhone: '+15035550199',
        toPhone: '+15005550006',
        body: `Message ${i}`,
        contactId: chatty.id,
        receivedAt: new Date(Date.UTC(2026, 3, 1) + i * 60_000),
      })),
    );
    const first = await conversation(chatty.id);
    expect(first.entries).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.entries[0]!.body).toBe('Message 119');
    const most = await conversation(chatty.id, '?limit=100');
    expect(most.entries).toHaveLength(100);
    expect((await allPages(chatty.id, 100)).flat()).toHaveLength(120);
  });

  it('loses no entry when several share the millisecond a page ends on', async () => {
    const { user: tied } = await createUser(ctx.db, { role: 'participant', phone: '+15035550177' });
    // A planner tick queues the days of two programs at one time; a reply arrives in the same ms.
    const tick = '2026-05-01T16:00:00.000Z';
    await sent('tieA', tied.id, tick, { toPhone: '+15035550177' });
    await sent('tieB', tied.id, tick, { toPhone: '+15035550177' });
    await received('tieIn', tied.id, tick, { fromPhone: '+15035550177' });
    await sent('newer', tied.id, '2026-05-01T17:00:00.000Z', { toPhone: '+15035550177' });
    await received('older', tied.id, '2026-05-01T15:00:00.000Z', { fromPhone: '+15035550177' });
    const everything = names((await conversation(tied.id)).entries);
    expect(everything[0]).toBe('newer');
    expect(everything.slice(1, 4).sort()).toEqual(['tieA', 'tieB', 'tieIn']);
    expect(everything[4]).toBe('older');
    for (const limit of [1, 2, 3, 4, 5]) {
      const pages = await allPages(tied.id, limit);
      expect(names(pages.flat()), `limit ${limit}`).toEqual(everything);
    }
    // Two entries asked for, the second of a tied millisecond: the page stops before it.
    const short = await conversation(tied.id, '?limit=2');
    expect(names(short.entries)).toEqual(['newer']);
    expect(short.hasMore).toBe(true);
    // One asked for, and the millisecond holds three: the page holds all three.
    const whole = await conversation(tied.id, `?limit=1&before=2026-05-01T17:00:00.000Z`);
    expect(whole.entries).toHaveLength(3);
    expect(whole.hasMore).toBe(true);
    // Of entries of one millisecond, what Tidings sent comes before what the phone sent.
    expect(whole.entries.map((e) => e.direction)).toEqual(['out', 'out', 'in']);
  });

  it('refuses a before or a limit it cannot read, naming it', async () => {
    const invalid = (name: string, what: string) =>
      formatMessage(serverTexts.delivery.api.invalidFilter, { name, what });
    for (const [query, field] of [
      ['before=yesterday', 'before'],
      ['before=2026-03-01', 'before'],
      ['before=2026-02-30T00:00:00Z', 'before'],
      ['before=2026-03-01T25:00:00Z', 'before'],
      ['before=0000-01-01T00:00:00Z', 'before'],
      ['before=0001-01-01T00:00:00%2B01:00', 'before'],
      ['before=9999-12-31T23:59:59-05:00', 'before'],
      ['before=', 'before'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=', 'limit'],
      ['limit=1&limit=2', 'limit'],
    ]) {
      const response = await get(`/api/contacts/${ana.id}/conversation?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0].field, query).toBe(field);
    }
    expect((await get(`/api/contacts/${ana.id}/conversation?before=soon`)).json().error).toBe(
      invalid('before', serverTexts.consentApi.filterInstant),
    );
    expect((await get(`/api/contacts/${ana.id}/conversation?limit=500`)).json().error).toBe(
      invalid('limit', formatMessage(serverTexts.consentApi.filterLimit, { max: 100 })),
    );
  });

  it('answers 404 for a contact that does not exist, 401 without a session', async () => {
    for (const id of ['6f1d7a52-3a43-4b6f-9b0e-0c1f7b0c5e11', 'nobody']) {
      const response = await get(`/api/contacts/${id}/conversation`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error: serverTexts.contacts.notFound });
    }
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${ana.id}/conversation`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('places a message when it was sent, or due while it has not gone, never when queued', async () => {
    const { user: cara } = await createUser(ctx.db, { role: 'participant', phone: '+15035550188' });
    const toCara = { toPhone: '+15035550188', programId: walks };
    // Day 0 queued at 8:05 PM for 8:07 PM (Pacific), handed to the provider at 8:07:42 PM.
    await sent('caraDay0', cara.id, '2026-06-02T03:05:00Z', {
      ...toCara,
      day: 0,
      sendAfter: at('2026-06-02T03:07:00Z'),
      sentAt: at('2026-06-02T03:07:42Z'),
    });
    // A reply that arrived while day 0 waited in the queue: older than day 0 as sent.
    await received('caraEarly', cara.id, '2026-06-02T03:06:00Z', { fromPhone: '+15035550188' });
    // Day 1 queued, due tomorrow at 8:07 PM, not gone yet.
    await sent('caraDay1', cara.id, '2026-06-03T03:05:00Z', {
      ...toCara,
      day: 1,
      status: 'queued',
      sendAfter: at('2026-06-03T03:07:00Z'),
    });
    const { entries } = await conversation(cara.id);
    expect(entries.map((e) => [names([e])[0], e.at])).toEqual([
      ['caraDay1', '2026-06-03T03:07:00.000Z'],
      ['caraDay0', '2026-06-02T03:07:42.000Z'],
      ['caraEarly', '2026-06-02T03:06:00.000Z'],
    ]);
    expect(entries[1]).toMatchObject({ sentAt: '2026-06-02T03:07:42.000Z' });
    expect(entries[0]).toMatchObject({ sentAt: null, sendAfter: '2026-06-03T03:07:00.000Z' });
    // Paging reads the same times: before day 0 as sent comes the reply, and nothing else.
    const rest = await conversation(cara.id, `?before=${encodeURIComponent(entries[1]!.at)}`);
    expect(names(rest.entries)).toEqual(['caraEarly']);
  });

  it('answers an empty conversation for a contact nothing was sent to', async () => {
    const { user: quiet } = await createUser(ctx.db, { role: 'participant' });
    expect(await conversation(quiet.id)).toEqual({ entries: [], hasMore: false });
  });
});
