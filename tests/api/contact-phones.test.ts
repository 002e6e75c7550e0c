import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta, inboundMessages, users } from '../../src/server/db/schema';
import { createImportRunner } from '../../src/server/imports/runner';
import { optinPolicy } from '../../src/server/outbox/optin';
import { listStoredPhonesNeedingAttention } from '../../src/server/services/stored-phones';
import { messages } from '../../src/shared/messages';
import { FAKE_TWILIO_ENV } from '../helpers/fake-twilio';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';
import { csvFile, importState, queueImport } from './helpers/imports';
import { signedReply } from './helpers/sms';

/**
 * Phones are stored only when libphonenumber-js (max metadata) calls them valid, in E.164, by the
 * contacts API, imports and Send Test MMS alike. Phones stored before that rule are never changed
 * behind anyone's back: the list flags them and filters them ('Phone needs attention'), a contact
 * keeping one can still be edited, and texts from them are still received.
 */

const t = messages.contacts;
const PUBLIC_URL = 'https://tidings.example.org';

/** The numbers an older Tidings stored wrongly, as typed. */
const REFUSED = ['07911 123456', '49787341724', '+1 503 555 010'];
/** Phones an older Tidings stored that the rule would not store. */
const STORED_BEFORE = ['+07911123456', '+00447911123456', '+49787341724', '+1503555010'];

let ctx: TestContext;
let auth: Record<string, string>;
let adminId: string;

beforeAll(async () => {
  ctx = await startTestApp({
    ...FAKE_TWILIO_ENV,
    DISPATCHER: 'off',
    PUBLIC_URL,
  });
  const { user, password } = await createUser(ctx.db, { role: 'admin', firstName: 'Ada' });
  adminId = user.id;
  auth = bearer(await loginAs(ctx.app, user.email, password!));
});
afterAll(() => ctx.close());

let n = 0;
function contact(phone: string, overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    email: `phone${n}@phones.test`,
    role: 'participant',
    status: 'active',
    profile: { firstName: 'Pat', lastName: `Phone${n}`, phone },
    ...overrides,
  };
}

const post = (body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/contacts', payload: body, headers: auth });
const put = (id: string, body: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/contacts/${id}`, payload: body, headers: auth });
const get = (url: string) => ctx.app.inject({ url, headers: auth });

/** A contact as an older Tidings stored them, with `phone` as it was stored. */
async function storedBefore(phone: string) {
  const { user } = await createUser(ctx.db, { role: 'participant', phone, firstName: 'Old' });
  return user;
}

describe('a new phone number', () => {
  it.each(REFUSED)('%s is refused as not valid, and nothing is stored', async (phone) => {
    const body = contact(phone);
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: t.phoneInvalid,
      details: [{ field: 'phone', message: t.phoneInvalid }],
    });
    expect(await ctx.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it.each([
    ['+1 503 555 0100', '+15035550100'],
    ['(503) 555-0101', '+15035550101'],
    ['0044 7911 123456', '+447911123456'],
    ['+44 7911 123457', '+447911123457'],
  ])('%s is stored as %s', async (typed, stored) => {
    const response = await post(contact(typed));
    expect(response.statusCode).toBe(201);
    expect(response.json().contact).toMatchObject({ phone: stored, phoneNeedsAttention: false });
  });

  it("keeps the spec's digit-count messages first", async () => {
    const response = await post(contact('503-555-010'));
    expect(response.json().details).toEqual([{ field: 'phone', message: t.phoneTooShort }]);
  });

  it('is refused by Send Test MMS too', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages/test',
      payload: { to: '+1 503 555 010', body: 'Hello' },
      headers: auth,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'to', message: t.phoneInvalid }]);
  });

  it('in an import is not imported, and the report says why', async () => {
    const content = csvFile([
      ['Email', 'First name', 'Last name', 'Phone'],
      ['ok@import-phones.test', 'Ok', 'Row', '+1 503 555 0102'],
      ...REFUSED.map((phone, i) => [`bad${i}@import-phones.test`, 'Bad', `Row${i}`, phone]),
    ]);
    const id = await queueImport(ctx.db, { content, createdBy: adminId });
    await createImportRunner({
      optin: optinPolicy(ctx.app.config, () => new Date()),
      db: ctx.db,
      log: Fastify().log,
      leaseMs: 30_000,
      batchSize: 10,
    }).drain();
    const state = await importState(ctx.db, id);
    expect(state).toMatchObject({ status: 'done', created: 1, skipped: REFUSED.length });
    const report = await get(`/api/contacts/imports/${id}/report`);
    expect(report.statusCode).toBe(200);
    const lines = report.body.trim().split(/\r?\n/).slice(1);
    expect(lines).toHaveLength(REFUSED.length);
    for (const line of lines) expect(line).toContain(`${t.fields.phone}: ${t.phoneInvalid}`);
  });
});

describe('a phone stored before the rule', () => {
  it('is shown as needing attention, and never changed', async () => {
    const user = await storedBefore('+1503555010');
    const response = await get(`/api/contacts/${user.id}`);
    expect(response.json().contact).toMatchObject({
      phone: '+1503555010',
      phoneNeedsAttention: true,
    });
  });

  it('may be kept as it is while the rest of the contact is edited', async () => {
    const user = await storedBefore('+49787341724');
    const response = await put(
      user.id,
      contact('+49787341724', { email: user.email, status: 'inactive' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().contact).toMatchObject({
      phone: '+49787341724',
      phoneNeedsAttention: true,
      status: 'inactive',
    });
  });

  it('may not be changed to another number that is not valid, nor asked to opt in', async () => {
    const user = await storedBefore('+07911123456');
    for (const body of [
      contact('+0 7911 123457', { email: user.email }),
      contact('+07911123456', { email: user.email, sendOptinMessage: true }),
    ]) {
      const response = await put(user.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: t.phoneInvalid,
        details: [{ field: 'phone', message: t.phoneInvalid }],
      });
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phone).toBe('+07911123456');
  });

  it("is listed by the list's 'Phone needs attention' filter until it is corrected", async () => {
    const before = await Promise.all(STORED_BEFORE.map(storedBefore));
    await storedBefore('+15035550150');
    await listStoredPhonesNeedingAttention(ctx.db);
    const listed = async () =>
      ((await get('/api/contacts?phone=needs_attention')).json().contacts as { id: string }[])
        .map((c) => c.id)
        .sort();
    const flagged = (await ctx.db.select({ id: users.id, phone: users.phone }).from(users)).filter(
      (row) => row.phone !== null && STORED_BEFORE.includes(row.phone),
    );
    expect(await listed()).toEqual(flagged.map((row) => row.id).sort());
    expect(await listed()).toEqual(expect.arrayContaining(before.map((user) => user.id)));

    const page = (await get('/api/contacts?phone=needs_attention&page=1&perPage=2')).json();
    expect(page.total).toBe(flagged.length);

    const fixed = before[0]!;
    const response = await put(fixed.id, contact('+44 7911 123458', { email: fixed.email }));
    expect(response.json().contact).toMatchObject({
      phone: '+447911123458',
      phoneNeedsAttention: false,
    });
    expect(await listed()).not.toContain(fixed.id);
    expect(await listed()).toHaveLength(flagged.length - 1);
  });

  it('are listed again when the rule or the numbering plans change', async () => {
    await listStoredPhonesNeedingAttention(ctx.db);
    // As a server with an older libphonenumber-js left the list.
    await ctx.db
      .update(appMeta)
      .set({ value: { rule: '1/libphonenumber-js@1.0.0', phones: [] } })
      .where(eq(appMeta.key, 'phones_needing_attention'));
    const user = await storedBefore('+1720555010');
    await listStoredPhonesNeedingAttention(ctx.db);
    const ids = (await get('/api/contacts?phone=needs_attention'))
      .json()
      .contacts.map((c: { id: string }) => c.id);
    expect(ids).toContain(user.id);
  });

  it('refuses an unknown phone filter', async () => {
    expect((await get('/api/contacts?phone=valid')).statusCode).toBe(400);
  });
});

describe('texts from numbers the rule would not store', () => {
  it('are received and filed under the contact with that stored number', async () => {
    const user = await storedBefore('+1971555010');
    for (const from of ['+1971555010', '+1 503 555 01']) {
      const response = await signedReply(ctx.app, PUBLIC_URL, from, 'Hello');
      expect(response.statusCode).toBe(200);
    }
    const stored = await ctx.db
      .select({ from: inboundMessages.fromPhone, contactId: inboundMessages.contactId })
      .from(inboundMessages);
    expect(stored).toEqual(
      expect.arrayContaining([
        { from: '+1971555010', contactId: user.id },
        { from: '+1 503 555 01', contactId: null },
      ]),
    );
  });
});
