import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents, outboundMessages, users } from '../../src/server/db/schema';
import { optinBody } from '../../src/server/outbox/optin';
import { formatMessage } from '../../src/shared/format';
import { serverTexts } from '../../src/server/texts';
import type { ApiConsentEvent, ApiConsentLog } from '../../src/shared/responses/messages';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';

/** The consent log: the rows staff changes write, and GET /api/contacts/{id}/consent. */
let ctx: TestContext;
let admin: { id: string; name: string; auth: Record<string, string> };
let host: { id: string; name: string; auth: Record<string, string> };

beforeAll(async () => {
  ctx = await startTestApp();
  const a = await createUser(ctx.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  const h = await createUser(ctx.db, { role: 'host', firstName: 'Hana', lastName: 'Host' });
  admin = {
    id: a.user.id,
    name: 'Ada Admin',
    auth: bearer(await loginAs(ctx.app, a.user.email, a.password!)),
  };
  host = {
    id: h.user.id,
    name: 'Hana Host',
    auth: bearer(await loginAs(ctx.app, h.user.email, h.password!)),
  };
});
afterAll(() => ctx.close());

let n = 0;
/** A contact payload (the flat form shape) for a participant with a phone. */
function contact(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    email: `consent${n}@example.org`,
    role: 'participant',
    status: 'active',
    firstName: 'Maria',
    lastName: `Garcia${n}`,
    phone: '(503) 555-0100',
    smsVerified: false,
    sendOptinMessage: false,
    ...overrides,
  };
}

const post = async (body: Record<string, unknown>, auth = admin.auth) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/contacts',
    payload: body,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().contact as { id: string; email: string };
};
const put = (id: string, body: Record<string, unknown>, auth = admin.auth) =>
  ctx.app.inject({ method: 'PUT', url: `/api/contacts/${id}`, payload: body, headers: auth });

const consentOf = (id: string, auth = host.auth) =>
  ctx.app.inject({ method: 'GET', url: `/api/contacts/${id}/consent`, headers: auth });

async function log(id: string): Promise<ApiConsentEvent[]> {
  const response = await consentOf(id);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as ApiConsentLog;
  expect(Object.keys(body)).toEqual(['events']);
  return body.events;
}

const eventsOf = async (id: string) => (await log(id)).map((e) => [e.event, e.source, e.phone]);

describe('staff consent rows on the contact form', () => {
  it('records a participant created verified, with the staff user who did it', async () => {
    const created = await post(contact({ smsVerified: true }));
    const [event, ...rest] = await log(created.id);
    expect(rest).toEqual([]);
    expect(event).toEqual({
      id: expect.any(String),
      contactId: created.id,
      phone: '+15035550100',
      event: 'verified',
      source: 'staff',
      staffUserId: admin.id,
      staffName: admin.name,
      keyword: null,
      text: null,
      at: expect.any(String),
    } satisfies ApiConsentEvent);
    expect(Math.abs(Date.parse(event!.at) - Date.now())).toBeLessThan(60_000);
  });

  it('records nothing for a contact created unverified', async () => {
    const created = await post(contact());
    expect(await log(created.id)).toEqual([]);
  });

  it('records verified and unverified when an update changes it, and nothing on a save that does not', async () => {
    const created = await post(contact());
    const body = contact({ email: created.email });

    expect((await put(created.id, { ...body, smsVerified: true }, host.auth)).statusCode).toBe(200);
    expect(await eventsOf(created.id)).toEqual([['verified', 'staff', '+15035550100']]);

    // Saved again, still verified (another field changed): no new row.
    const unchanged = await put(created.id, { ...body, smsVerified: true, lastName: 'Other' });
    expect(unchanged.statusCode).toBe(200);
    expect(await log(created.id)).toHaveLength(1);

    expect((await put(created.id, { ...body, smsVerified: false })).statusCode).toBe(200);
    const events = await log(created.id);
    // Newest first.
    expect(events.map((e) => [e.event, e.staffUserId, e.staffName])).toEqual([
      ['unverified', admin.id, admin.name],
      ['verified', host.id, host.name],
    ]);
    expect(Date.parse(events[0]!.at)).toBeGreaterThanOrEqual(Date.parse(events[1]!.at));

    // Saved again, still unverified: no new row.
    expect((await put(created.id, { ...body, smsVerified: false })).statusCode).toBe(200);
    expect(await log(created.id)).toHaveLength(2);
  });

  it('records the phone made unverified when a participant becomes a host', async () => {
    const created = await post(contact({ smsVerified: true }));
    const response = await put(
      created.id,
      contact({ email: created.email, role: 'host', smsVerified: true }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().contact.smsVerified).toBe(false);
    expect(await eventsOf(created.id)).toEqual([
      ['unverified', 'staff', '+15035550100'],
      ['verified', 'staff', '+15035550100'],
    ]);
  });

  it('records nothing for a contact without a phone (a consent row is about a phone)', async () => {
    const created = await post(contact({ phone: '', smsVerified: true }));
    expect(await log(created.id)).toEqual([]);
    const response = await put(created.id, contact({ email: created.email, phone: '' }));
    expect(response.statusCode).toBe(200);
    expect(await log(created.id)).toEqual([]);
  });

  it('records the old phone unverified and the new one verified when a verified phone changes', async () => {
    const created = await post(contact({ smsVerified: true }));
    const response = await put(
      created.id,
      contact({ email: created.email, phone: '503-555-0177', smsVerified: true }),
    );
    expect(response.statusCode).toBe(200);
    expect(await eventsOf(created.id)).toEqual([
      ['verified', 'staff', '+15035550177'],
      ['unverified', 'staff', '+15035550100'],
      ['verified', 'staff', '+15035550100'],
    ]);
    // The phone taken away from a verified contact was theirs to consent with: it is recorded.
    await put(created.id, contact({ email: created.email, phone: '', smsVerified: true }));
    expect((await eventsOf(created.id))[0]).toEqual(['unverified', 'staff', '+15035550177']);
  });

  it('writes no row when the save itself fails (one transaction)', async () => {
    const taken = await post(contact());
    const created = await post(contact());
    const response = await put(created.id, contact({ email: taken.email, smsVerified: true }));
    expect(response.statusCode).toBe(409);
    expect(await log(created.id)).toEqual([]);
  });

  it('does not clear an opt-out when staff mark the phone verified: only the phone can undo it', async () => {
    // A number of its own: the others' numbers are not to be taken as opted out.
    const created = await post(contact({ phone: '(503) 555-0190' }));
    const optedOutAt = new Date('2026-03-01T12:00:00Z');
    await ctx.db.update(users).set({ smsOptedOutAt: optedOutAt }).where(eq(users.id, created.id));
    const response = await put(created.id, {
      ...contact({ email: created.email, phone: '(503) 555-0190', smsVerified: true }),
      // Whatever a client sends, the form cannot write the opt-out.
      smsOptedOutAt: null,
      profile: { smsOptedOutAt: null },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().contact).toMatchObject({
      smsVerified: true,
      smsOptedOutAt: optedOutAt.toISOString(),
    });
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(stored!.smsOptedOutAt).toEqual(optedOutAt);
    expect(await eventsOf(created.id)).toEqual([['verified', 'staff', '+15035550190']]);
  });
});

describe('optin_requested', () => {
  it('records the opt-in request queued on create, with the staff user, the text and the message', async () => {
    const created = await post(contact({ sendOptinMessage: true }), host.auth);
    const [queued] = await ctx.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.contactId, created.id));
    expect(queued).toMatchObject({ kind: 'optin', createdBy: host.id });
    const events = await log(created.id);
    expect(events).toEqual([
      expect.objectContaining({
        event: 'optin_requested',
        source: 'staff',
        phone: '+15035550100',
        staffUserId: host.id,
        staffName: host.name,
        text: optinBody('Maria'),
        keyword: null,
      }),
    ]);
    const [row] = await ctx.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.contactId, created.id));
    expect(row!.outboundMessageId).toBe(queued!.id);
    expect(row!.text).toBe(queued!.body);
  });

  it('records the request queued on update, and refuses another while one still waits', async () => {
    const created = await post(contact({ firstName: 'Ann', phone: '(503) 555-0191' }));
    const body = contact({
      email: created.email,
      firstName: 'Ann',
      phone: '(503) 555-0191',
      sendOptinMessage: true,
    });
    const first = await put(created.id, body);
    expect(first.json()).toMatchObject({ optinMessageSent: true });
    const again = await put(created.id, body, host.auth);
    expect(again.statusCode).toBe(400);
    expect(again.json().details).toEqual([
      { field: 'sendOptinMessage', message: expect.stringContaining('asked this number') },
    ]);
    const queued = await ctx.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.contactId, created.id));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.createdBy).toBe(admin.id);
    expect((await log(created.id)).map((e) => [e.event, e.staffUserId, e.text])).toEqual([
      ['optin_requested', admin.id, optinBody('Ann')],
    ]);
  });

  it('refuses a request to a phone that opted out: only its own JOIN/START opts it back in', async () => {
    const created = await post(contact({ phone: '(503) 555-0192' }));
    await ctx.db
      .update(users)
      .set({ smsOptedOutAt: new Date('2026-03-01T12:00:00Z') })
      .where(eq(users.id, created.id));
    const response = await put(
      created.id,
      contact({ email: created.email, phone: '(503) 555-0192', sendOptinMessage: true }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      {
        field: 'sendOptinMessage',
        message: formatMessage(serverTexts.contacts.optinRefused.optedOut, { date: 'Mar 1, 2026' }),
      },
    ]);

    // A number that replied STOP before it was anyone's contact is refused alike.
    await ctx.db.insert(consentEvents).values({
      contactId: null,
      phone: '+15035550166',
      event: 'opted_out',
      source: 'keyword',
      keyword: 'STOP',
      text: 'STOP',
      at: new Date('2026-03-01T12:00:00Z'),
    });
    const stranger = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: contact({ phone: '503 555 0166', sendOptinMessage: true }),
      headers: admin.auth,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error).toBe(
      formatMessage(serverTexts.contacts.optinRefused.optedOut, { date: 'Mar 1, 2026' }),
    );

    // Nothing is queued or logged, and the refused save created no contact.
    const queued = await ctx.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.contactId, created.id));
    expect(queued).toEqual([]);
    expect(await log(created.id)).toEqual([]);
    expect(await ctx.db.select().from(users).where(eq(users.phone, '+15035550166'))).toEqual([]);
  });

  it('lists the unverified change before the request it came with, newest first', async () => {
    const phone = '(503) 555-0193';
    const created = await post(contact({ phone, smsVerified: true }));
    const response = await put(
      created.id,
      contact({ email: created.email, phone, smsVerified: false, sendOptinMessage: true }),
    );
    expect(response.json()).toMatchObject({ optinMessageSent: true });
    expect((await log(created.id)).map((e) => e.event)).toEqual([
      'optin_requested',
      'unverified',
      'verified',
    ]);
  });
});

describe('GET /api/contacts/{id}/consent', () => {
  it('lists every kind of row newest first, only the contact’s own', async () => {
    const created = await post(contact());
    const other = await post(contact());
    const at = (iso: string) => new Date(iso);
    await ctx.db.insert(consentEvents).values([
      {
        contactId: created.id,
        phone: '+15035550100',
        event: 'opted_in',
        source: 'keyword',
        keyword: 'JOIN',
        text: 'Join!',
        at: at('2026-03-01T10:00:00Z'),
      },
      {
        contactId: created.id,
        phone: '+15035550100',
        event: 'opted_out',
        source: 'provider',
        text: 'The recipient has unsubscribed (replied STOP).',
        at: at('2026-03-03T10:00:00Z'),
      },
      {
        contactId: created.id,
        phone: '+15035550100',
        event: 'opted_out',
        source: 'keyword',
        keyword: 'STOP',
        text: 'stop please',
        at: at('2026-03-02T10:00:00Z'),
      },
      {
        contactId: other.id,
        phone: '+15035550100',
        event: 'opted_in',
        source: 'keyword',
        keyword: 'YES',
        text: 'yes',
        at: at('2026-03-04T10:00:00Z'),
      },
    ]);
    const events = await log(created.id);
    expect(events.map((e) => [e.event, e.source, e.keyword, e.text, e.at])).toEqual([
      [
        'opted_out',
        'provider',
        null,
        'The recipient has unsubscribed (replied STOP).',
        '2026-03-03T10:00:00.000Z',
      ],
      ['opted_out', 'keyword', 'STOP', 'stop please', '2026-03-02T10:00:00.000Z'],
      ['opted_in', 'keyword', 'JOIN', 'Join!', '2026-03-01T10:00:00.000Z'],
    ]);
    expect(events.every((e) => e.staffUserId === null && e.staffName === null)).toBe(true);
  });

  it('is read by any signed-in staff user, as the contact is', async () => {
    const created = await post(contact({ smsVerified: true }));
    expect((await consentOf(created.id, host.auth)).statusCode).toBe(200);
    expect((await consentOf(created.id, admin.auth)).statusCode).toBe(200);
  });

  it('answers 404 for a contact that does not exist, as GET /api/contacts/{id} does', async () => {
    for (const id of ['6f1d7a52-3a43-4b6f-9b0e-0c1f7b0c5e11', 'not-an-id']) {
      const response = await consentOf(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error: serverTexts.contacts.notFound });
    }
  });

  it('needs a session', async () => {
    const created = await post(contact());
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${created.id}/consent`,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the consent log is append-only', () => {
  /** The database's own error behind a refused statement. */
  async function refusal(statement: Promise<unknown>) {
    let error: unknown;
    try {
      await statement;
    } catch (caught) {
      error = caught;
    }
    expect(error, 'the statement was not refused').toBeDefined();
    let cause = error as { code?: string; message?: string; cause?: unknown };
    while (!cause.code && cause.cause) cause = cause.cause as typeof cause;
    return cause;
  }

  it('refuses UPDATE and DELETE in the database, whoever sends them', async () => {
    const created = await post(contact({ smsVerified: true }));
    const before = await log(created.id);
    for (const statement of [
      sql`update consent_events set event = 'unverified' where contact_id = ${created.id}`,
      sql`delete from consent_events where contact_id = ${created.id}`,
      sql`delete from consent_events`,
    ]) {
      const error = await refusal(ctx.db.execute(statement));
      expect(error.code).toBe('23001');
      expect(error.message).toMatch(/append-only/);
    }
    expect(
      await refusal(
        ctx.db
          .update(consentEvents)
          .set({ text: 'changed' })
          .where(eq(consentEvents.contactId, created.id)),
      ),
    ).toMatchObject({ code: '23001' });
    expect(await log(created.id)).toEqual(before);
  });

  it('refuses a simulated row that does not name the staff member who typed the reply', async () => {
    const created = await post(contact());
    const row = {
      contactId: created.id,
      phone: '+15035550100',
      event: 'opted_in' as const,
      source: 'simulated' as const,
      keyword: 'JOIN',
      text: 'join',
      at: new Date(),
    };
    const error = await refusal(ctx.db.insert(consentEvents).values(row));
    expect(error).toMatchObject({ code: '23514' });
    await ctx.db.insert(consentEvents).values({ ...row, staffUserId: admin.id });
    expect((await log(created.id)).map((e) => [e.source, e.staffName])).toEqual([
      ['simulated', admin.name],
    ]);
  });
});
