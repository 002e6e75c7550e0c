import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundMessages } from '../../src/server/db/schema';
import { formatMessage } from '../../src/shared/format';
import { serverTexts } from '../../src/server/texts';
import type { ApiInboundMessage } from '../../src/shared/responses/messages';
import { createUser, startSignedInApp } from './helpers/app';
import { UNTOUCHED_IN_INBOX } from '../helpers/inbox-fields';

/** GET /api/inbound-messages: the replies list, paged, sorted and filtered like the outbox. */
let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let ana: { id: string };
let ben: { id: string };
/** Row ids by name. */
const ids: Record<string, string> = {};

type Row = typeof inboundMessages.$inferInsert;

async function seed(name: string, row: Partial<Row> & { receivedAt: Date }) {
  const [inserted] = await ctx.db
    .insert(inboundMessages)
    .values({
      providerMessageId: `SM-${name}`,
      fromPhone: '+15035550101',
      toPhone: '+15005550006',
      body: `Body of ${name}`,
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
  ben = (
    await createUser(ctx.db, {
      role: 'participant',
      firstName: 'ben',
      lastName: 'Brown',
      phone: '+15035550102',
    })
  ).user;
  const at = (iso: string) => new Date(iso);
  await seed('anaJoin', {
    contactId: ana.id,
    body: 'JOIN',
    intent: 'optin',
    receivedAt: at('2026-03-01T10:00:00Z'),
  });
  await seed('benHelp', {
    contactId: ben.id,
    fromPhone: '+15035550102',
    body: 'help?',
    intent: 'help',
    receivedAt: at('2026-03-01T11:00:00Z'),
  });
  await seed('stranger', {
    fromPhone: '+12125550199',
    body: 'Who is this? 100% not me_',
    mediaUrls: ['https://api.twilio.com/media/ME1'],
    receivedAt: at('2026-03-02T09:00:00Z'),
  });
  await seed('anaThanks', {
    contactId: ana.id,
    body: 'Thanks, lovely walk today',
    receivedAt: at('2026-03-02T12:00:00Z'),
  });
  await seed('strangerStop', {
    fromPhone: '+12125550199',
    body: 'STOP',
    intent: 'optout',
    receivedAt: at('2026-03-03T08:00:00Z'),
  });
  await seed('benStop', {
    contactId: ben.id,
    fromPhone: '+15035550102',
    body: 'please stop texting me',
    intent: 'optout',
    receivedAt: at('2026-03-03T09:00:00Z'),
  });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = ctx.auth) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function list(query = '') {
  const response = await get(`/api/inbound-messages${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { messages: ApiInboundMessage[]; total: number };
  expect(Object.keys(body).sort()).toEqual(['messages', 'total']);
  return body;
}

const names = (found: ApiInboundMessage[]) =>
  found.map((m) => Object.keys(ids).find((name) => ids[name] === m.id));

describe('GET /api/inbound-messages', () => {
  it('lists every reply newest first, from contacts and from numbers Tidings does not know', async () => {
    const { messages: found, total } = await list();
    expect(total).toBe(6);
    expect(names(found)).toEqual([
      'benStop',
      'strangerStop',
      'anaThanks',
      'stranger',
      'benHelp',
      'anaJoin',
    ]);
    expect(found[3]).toEqual({
      _id: ids.stranger!,
      id: ids.stranger!,
      providerMessageId: 'SM-stranger',
      fromPhone: '+12125550199',
      toPhone: '+15005550006',
      body: 'Who is this? 100% not me_',
      mediaUrls: ['https://api.twilio.com/media/ME1'],
      contactId: null,
      contactName: null,
      intent: null,
      receivedAt: '2026-03-02T09:00:00.000Z',
      simulatedBy: null,
      simulatedByName: null,
      // Free text: new in the inbox, assigned to nobody, needing no review.
      ...UNTOUCHED_IN_INBOX,
    } satisfies ApiInboundMessage);
    expect(found[5]).toMatchObject({ contactId: ana.id, contactName: 'Ana Alvarez' });
  });

  it('pages with page and perPage, the total counting every match', async () => {
    const first = await list('?page=1&perPage=4');
    const second = await list('?page=2&perPage=4');
    expect(first.total).toBe(6);
    expect(second.total).toBe(6);
    expect(first.messages).toHaveLength(4);
    expect(second.messages).toHaveLength(2);
    expect([...first.messages, ...second.messages].map((m) => m.id)).toEqual(
      (await list()).messages.map((m) => m.id),
    );
    expect((await list('?page=3&perPage=4')).messages).toEqual([]);
  });

  it('sorts by time, phone and contact name, in either order', async () => {
    expect(names((await list('?sort=receivedAt&order=asc')).messages)[0]).toBe('anaJoin');
    expect(names((await list('?order=asc')).messages).at(-1)).toBe('benStop');
    const byPhone = (await list('?sort=fromPhone&order=asc')).messages;
    expect(byPhone.map((m) => m.fromPhone)).toEqual([
      '+12125550199',
      '+12125550199',
      '+15035550101',
      '+15035550101',
      '+15035550102',
      '+15035550102',
    ]);
    // Replies of one phone: the newest first.
    expect(names(byPhone)).toEqual([
      'strangerStop',
      'stranger',
      'anaThanks',
      'anaJoin',
      'benStop',
      'benHelp',
    ]);
    // Names sort without regard to case; equal names keep the newest first.
    const byName = (await list('?sort=contactName&order=asc&matched=true')).messages;
    expect(names(byName)).toEqual(['anaThanks', 'anaJoin', 'benStop', 'benHelp']);
    const byNameDesc = (await list('?sort=contactName&order=desc&matched=true')).messages;
    expect(names(byNameDesc)).toEqual(['benStop', 'benHelp', 'anaThanks', 'anaJoin']);
  });

  it('searches the text and the phone, however the phone is written', async () => {
    expect(names((await list('?q=lovely')).messages)).toEqual(['anaThanks']);
    expect(names((await list('?q=STOP')).messages)).toEqual(['benStop', 'strangerStop']);
    expect((await list('?q=(212)%20555-0199')).total).toBe(2);
    expect((await list('?q=%2B15035550102')).total).toBe(2);
    // Pattern characters are taken literally.
    expect(names((await list('?q=100%25')).messages)).toEqual(['stranger']);
    expect(names((await list('?q=me_')).messages)).toEqual(['stranger']);
    // The contact's name is not searched: filter by contactId for one contact's replies.
    expect((await list('?q=alvarez')).total).toBe(0);
  });

  it('filters by contact, by what the reply asked for, and by whether the phone is known', async () => {
    expect(names((await list(`?contactId=${ana.id}`)).messages)).toEqual(['anaThanks', 'anaJoin']);
    expect(names((await list('?intent=optout')).messages)).toEqual(['benStop', 'strangerStop']);
    expect(names((await list('?intent=none')).messages)).toEqual(['anaThanks', 'stranger']);
    expect(names((await list('?intent=optin,help')).messages)).toEqual(['benHelp', 'anaJoin']);
    expect(names((await list('?intent=none,optin')).messages)).toEqual([
      'anaThanks',
      'stranger',
      'anaJoin',
    ]);
    expect(names((await list('?matched=false')).messages)).toEqual(['strangerStop', 'stranger']);
    expect((await list('?matched=true')).total).toBe(4);
    const together = await list(`?matched=true&intent=optout&q=please&page=1&perPage=10`);
    expect(names(together.messages)).toEqual(['benStop']);
    expect(together.total).toBe(1);
    expect((await list(`?contactId=${ben.id}&matched=false`)).total).toBe(0);
  });

  it('refuses filters it cannot read, naming them', async () => {
    for (const [query, field] of [
      ['sort=body', 'sort'],
      ['order=up', 'order'],
      ['page=0', 'page'],
      ['perPage=501', 'perPage'],
      ['intent=maybe', 'intent'],
      ['intent=optout,stop', 'intent'],
      ['matched=yes', 'matched'],
      ['matched=1', 'matched'],
      ['contactId=12', 'contactId'],
    ]) {
      const response = await get(`/api/inbound-messages?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0].field.split('.')[0], query).toBe(field);
    }
    const t = serverTexts.delivery.api;
    expect((await get('/api/inbound-messages?matched=maybe')).json().error).toBe(
      formatMessage(t.invalidFilter, {
        name: 'matched',
        what: serverTexts.consentApi.filterMatched,
      }),
    );
    expect((await get('/api/inbound-messages?contactId=x')).json().error).toBe(
      formatMessage(t.invalidFilter, { name: 'contactId', what: t.filterId }),
    );
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/inbound-messages' });
    expect(response.statusCode).toBe(401);
  });
});
