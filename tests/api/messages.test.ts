import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outboundMessageEvents,
  outboundMessages,
  products,
  programs,
} from '../../src/server/db/schema';
import type { MessageStatus } from '../../src/shared/delivery';
import { formatMessage } from '../../src/shared/format';
import { serverTexts } from '../../src/server/texts';
import type { ApiMessage, ApiMessageDetail } from '../../src/shared/responses/messages';
import { bearer, createUser, loginAs, startSignedInApp } from './helpers/app';

const t = serverTexts.delivery.api;

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let adminAuth: { authorization: string };
let walks: string;
let sleep: string;
let ana: { id: string };
let ben: { id: string };
/** Message ids by name. */
const ids: Record<string, string> = {};

type Row = typeof outboundMessages.$inferInsert;

async function seed(name: string, row: Partial<Row>) {
  const [inserted] = await ctx.db
    .insert(outboundMessages)
    .values({ kind: 'program', toPhone: '+15035550100', body: `Body of ${name}`, ...row })
    .returning({ id: outboundMessages.id });
  ids[name] = inserted!.id;
  return inserted!.id;
}

beforeAll(async () => {
  ctx = await startSignedInApp();
  const { user: admin, password } = await createUser(ctx.db, { role: 'admin' });
  adminAuth = bearer(await loginAs(ctx.app, admin.email, password!));
  const [product] = await ctx.db
    .insert(products)
    .values({ name: 'Morning Walks', days: 3 })
    .returning({ id: products.id });
  const made = await ctx.db
    .insert(programs)
    .values([
      { programName: 'Spring Steps', productId: product!.id, startDate: '2026-03-01' },
      { programName: 'Sleep Reset', productId: product!.id, startDate: '2026-03-01' },
    ])
    .returning({ id: programs.id });
  [walks, sleep] = made.map((p) => p.id) as [string, string];
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
      firstName: 'Ben',
      lastName: 'Brown',
      phone: '+15035550102',
    })
  ).user;

  const at = (iso: string) => new Date(iso);
  await seed('anaDay0', {
    programId: walks,
    contactId: ana.id,
    toPhone: '+15035550101',
    day: 0,
    status: 'delivered',
    segments: 1,
    attempts: 1,
    providerMessageId: 'SM-ana-0',
    sendAfter: at('2026-03-01T17:00:00Z'),
    sentAt: at('2026-03-01T17:00:01Z'),
    deliveredAt: at('2026-03-01T17:00:05Z'),
    createdAt: at('2026-03-01T16:00:00Z'),
  });
  await seed('anaDay1', {
    programId: walks,
    contactId: ana.id,
    toPhone: '+15035550101',
    day: 1,
    status: 'failed',
    attempts: 1,
    errorCode: '21211',
    errorMessage: 'Invalid phone number.',
    sendAfter: at('2026-03-02T17:00:00Z'),
    createdAt: at('2026-03-02T16:00:00Z'),
  });
  await seed('benDay1', {
    programId: walks,
    contactId: ben.id,
    toPhone: '+15035550102',
    day: 1,
    status: 'unknown',
    segments: 2,
    attempts: 1,
    sendAfter: at('2026-03-02T17:00:00Z'),
    createdAt: at('2026-03-02T16:00:01Z'),
  });
  await seed('benSleep', {
    programId: sleep,
    contactId: ben.id,
    toPhone: '+15035550102',
    day: 0,
    status: 'queued',
    sendAfter: at('2026-03-03T17:00:00Z'),
    createdAt: at('2026-03-03T16:00:00Z'),
  });
  await seed('benOptin', {
    kind: 'optin',
    contactId: ben.id,
    toPhone: '+15035550102',
    body: 'Reply JOIN to receive messages',
    status: 'sent',
    expiresAt: at('2026-02-27T16:00:00Z'),
    sendAfter: at('2026-02-27T12:00:00Z'),
    createdAt: at('2026-02-27T12:00:00Z'),
  });
  await ctx.db.insert(outboundMessageEvents).values([
    {
      messageId: ids.anaDay0!,
      status: 'queued',
      source: 'planner',
      at: at('2026-03-01T16:00:00Z'),
    },
    {
      messageId: ids.anaDay0!,
      status: 'sending',
      source: 'dispatcher',
      at: at('2026-03-01T17:00:00Z'),
    },
    {
      messageId: ids.anaDay0!,
      status: 'sent',
      source: 'dispatcher',
      at: at('2026-03-01T17:00:01Z'),
    },
    {
      messageId: ids.anaDay0!,
      status: 'delivered',
      source: 'provider',
      at: at('2026-03-01T17:00:05Z'),
    },
    {
      messageId: ids.anaDay1!,
      status: 'failed',
      source: 'dispatcher',
      errorCode: '21211',
      errorMessage: 'Invalid phone number.',
      at: at('2026-03-02T17:00:01Z'),
    },
  ]);
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = ctx.auth) =>
  ctx.app.inject({ method: 'GET', url, headers });
const retry = (id: string, headers: Record<string, string> = adminAuth) =>
  ctx.app.inject({ method: 'POST', url: `/api/messages/${id}/retry`, headers });

async function list(query = '') {
  const response = await get(`/api/messages${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { messages: ApiMessage[]; total: number };
}

const names = (found: ApiMessage[]) =>
  found.map((m) => Object.keys(ids).find((name) => ids[name] === m.id));

describe('GET /api/messages', () => {
  it('lists the outbox newest first, each row with its program and contact names', async () => {
    const { messages: found, total } = await list();
    expect(total).toBe(5);
    expect(names(found)).toEqual(['benSleep', 'benDay1', 'anaDay1', 'anaDay0', 'benOptin']);
    expect(found[3]).toEqual({
      _id: ids.anaDay0!,
      id: ids.anaDay0!,
      kind: 'program',
      status: 'delivered',
      toPhone: '+15035550101',
      body: 'Body of anaDay0',
      mediaUrl: null,
      programId: walks,
      programName: 'Spring Steps',
      contactId: ana.id,
      contactName: 'Ana Alvarez',
      sentByName: null,
      day: 0,
      segments: 1,
      attempts: 1,
      providerMessageId: 'SM-ana-0',
      errorCode: null,
      errorMessage: null,
      sendAfter: '2026-03-01T17:00:00.000Z',
      sentAt: '2026-03-01T17:00:01.000Z',
      deliveredAt: '2026-03-01T17:00:05.000Z',
      createdAt: '2026-03-01T16:00:00.000Z',
      // It carried no tracked link (link-click-figures.test.ts has messages that did).
      linkOpens: null,
    } satisfies ApiMessage);
    expect(found[4]).toMatchObject({
      kind: 'optin',
      programId: null,
      programName: null,
      day: null,
    });
  });

  it('pages with page and perPage, the total counting every match', async () => {
    const first = await list('?page=1&perPage=2');
    const second = await list('?page=2&perPage=2');
    const third = await list('?page=3&perPage=2');
    expect(first.total).toBe(5);
    expect([...first.messages, ...second.messages, ...third.messages].map((m) => m.id)).toEqual(
      (await list()).messages.map((m) => m.id),
    );
    expect(third.messages).toHaveLength(1);
  });

  it('sorts by the fields it names, in either order', async () => {
    expect(names((await list('?sort=createdAt&order=asc')).messages)[0]).toBe('benOptin');
    const byContact = (await list('?sort=contactName&order=asc&kind=program')).messages;
    expect(byContact.map((m) => m.contactName)).toEqual([
      'Ana Alvarez',
      'Ana Alvarez',
      'Ben Brown',
      'Ben Brown',
    ]);
    const byProgram = (await list('?sort=programName&order=asc&kind=program')).messages;
    expect(byProgram[0]!.programName).toBe('Sleep Reset');
    expect((await list('?sort=segments&order=desc')).messages[0]!.id).toBe(ids.benDay1);
  });

  it('filters by program, contact, status (one or several), kind and day', async () => {
    expect(names((await list(`?programId=${sleep}`)).messages)).toEqual(['benSleep']);
    expect(names((await list(`?contactId=${ana.id}`)).messages)).toEqual(['anaDay1', 'anaDay0']);
    expect(names((await list('?status=failed')).messages)).toEqual(['anaDay1']);
    expect(names((await list('?status=failed,unknown')).messages)).toEqual(['benDay1', 'anaDay1']);
    expect(names((await list('?kind=optin')).messages)).toEqual(['benOptin']);
    expect(names((await list(`?programId=${walks}&day=1`)).messages)).toEqual([
      'benDay1',
      'anaDay1',
    ]);
    expect((await list(`?contactId=${ben.id}&status=sent`)).total).toBe(1);
  });

  it('filters by creation time: a date covers its whole UTC day, an instant is taken as is', async () => {
    expect(names((await list('?from=2026-03-02&to=2026-03-02')).messages)).toEqual([
      'benDay1',
      'anaDay1',
    ]);
    expect(names((await list('?from=2026-03-02T16:00:01Z')).messages)).toEqual([
      'benSleep',
      'benDay1',
    ]);
    expect(names((await list('?to=2026-03-01T17:00:00%2B01:00')).messages)).toEqual([
      'anaDay0',
      'benOptin',
    ]);
  });

  it('searches the phone, the text and the contact name', async () => {
    expect(names((await list('?q=alvarez')).messages)).toEqual(['anaDay1', 'anaDay0']);
    expect((await list('?q=JOIN')).total).toBe(1);
    expect((await list('?q=5550102')).total).toBe(3);
  });

  it('refuses filters it cannot read, naming them', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['kind=fax', 'kind'],
      ['programId=12', 'programId'],
      ['day=-1', 'day'],
      ['day=367', 'day'],
      ['from=yesterday', 'from'],
      ['to=2026-02-30', 'to'],
      // A day that does not exist, and instants the database cannot store (once a 500).
      ['from=2026-02-30T10:00:00Z', 'from'],
      ['from=0000-01-01T00:00:00Z', 'from'],
      ['from=0001-01-01T00:00:00%2B01:00', 'from'],
      ['to=9999-12-31T23:59:59-05:00', 'to'],
      ['sort=password', 'sort'],
    ]) {
      const response = await get(`/api/messages?${query}`);
      expect(response.statusCode, query).toBe(400);
      // A list filter names the value too: `status.0`.
      expect(response.json().details[0].field.split('.')[0], query).toBe(field);
    }
    expect((await get('/api/messages?from=yesterday')).json().error).toBe(
      formatMessage(t.invalidFilter, { name: 'from', what: t.filterTime }),
    );
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/messages' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/messages/{id}', () => {
  it('answers the message with its history, oldest change first', async () => {
    const response = await get(`/api/messages/${ids.anaDay0}`);
    expect(response.statusCode).toBe(200);
    const { message } = response.json() as { message: ApiMessageDetail };
    expect(message).toMatchObject({ id: ids.anaDay0, contactName: 'Ana Alvarez' });
    expect(message.history.map((e) => [e.status, e.source])).toEqual([
      ['queued', 'planner'],
      ['sending', 'dispatcher'],
      ['sent', 'dispatcher'],
      ['delivered', 'provider'],
    ]);
    expect(message.history[3]).toEqual({
      status: 'delivered',
      source: 'provider',
      errorCode: null,
      errorMessage: null,
      at: '2026-03-01T17:00:05.000Z',
    });
  });

  it('answers 404 for an id that names no message and 400 for one that is no id', async () => {
    const unknown = await get('/api/messages/6f1d7a52-3a43-4b6f-9b0e-0c1f7b0c5e11');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: serverTexts.delivery.api.notFound });
    const malformed = await get('/api/messages/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(serverTexts.delivery.api.invalidId);
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/messages/${ids.anaDay0}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/messages/{id}/retry', () => {
  const statusOf = async (id: string) =>
    (await ctx.db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;

  it('puts a failed message back in the queue, due now, its error cleared and the retry recorded', async () => {
    const before = Date.now();
    const response = await retry(ids.anaDay1!);
    expect(response.statusCode, response.body).toBe(200);
    const { message } = response.json() as { message: ApiMessage };
    expect(message).toMatchObject({
      id: ids.anaDay1,
      status: 'queued',
      errorCode: null,
      errorMessage: null,
      attempts: 1,
    });
    expect(Date.parse(message.sendAfter)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(message.sendAfter)).toBeLessThanOrEqual(Date.now() + 1000);
    const detail = (await get(`/api/messages/${ids.anaDay1}`)).json().message as ApiMessageDetail;
    expect(detail.history.map((e) => [e.status, e.source, e.errorCode])).toEqual([
      ['failed', 'dispatcher', '21211'],
      ['queued', 'staff', null],
    ]);
  });

  it('puts a message whose fate is unknown back in the queue', async () => {
    const response = await retry(ids.benDay1!);
    expect(response.statusCode).toBe(200);
    expect((await statusOf(ids.benDay1!)).status).toBe('queued');
  });

  it('refuses any other status with 409, saying why, and changes nothing', async () => {
    const cases: [string, MessageStatus][] = [
      ['anaDay0', 'delivered'],
      ['benSleep', 'queued'],
      ['benOptin', 'sent'],
      // Retried above: now waiting in the queue.
      ['anaDay1', 'queued'],
    ];
    for (const [name, status] of cases) {
      const response = await retry(ids[name]!);
      expect(response.statusCode, name).toBe(409);
      expect(response.json()).toEqual({
        error: formatMessage(serverTexts.delivery.api.notRetryable, { status }),
      });
      expect((await statusOf(ids[name]!)).status).toBe(status);
    }
  });

  it('is for admins only: a host gets 403 and the message stays as it was', async () => {
    const id = await seed('hostTry', { status: 'failed', errorCode: '30008' });
    const response = await retry(id, ctx.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: serverTexts.delivery.api.retryAdminsOnly });
    expect(await statusOf(id)).toMatchObject({ status: 'failed', errorCode: '30008' });
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 401 without a session', async () => {
    expect((await retry('6f1d7a52-3a43-4b6f-9b0e-0c1f7b0c5e11')).statusCode).toBe(404);
    expect((await retry('42')).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/messages/${ids.anaDay0}/retry`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
