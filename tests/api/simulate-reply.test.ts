import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOUND_LIMITS, TEST_SEND_LIMIT } from '../../src/shared/consent';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import type { ApiInboundMessage, ApiSmsSettings } from '../../src/shared/responses/messages';
import { consentEvents, outboundMessages, users } from '../../src/server/db/schema';
import { FAKE_TWILIO, FAKE_TWILIO_ENV } from '../helpers/fake-twilio';
import {
  bearer,
  createUser,
  loginAs,
  startSignedInApp,
  startTestApp,
  type TestContext,
} from './helpers/app';
import { UNTOUCHED_IN_INBOX } from '../helpers/inbox-fields';

/**
 * Simulate reply (the log provider only): a reply typed on the contact's page goes through the
 * same handling as one from their phone. And GET /api/sms, which tells the console whether to
 * offer it.
 */

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;

beforeAll(async () => {
  ctx = await startSignedInApp({ SMS_HELP_CONTACT: '+15035550199' });
});
afterAll(() => ctx.close());

let phones = 0;
const nextPhone = () => `+1971666${String(++phones).padStart(4, '0')}`;

const participant = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  createUser(ctx.db, {
    role: 'participant',
    firstName: 'Rosa',
    lastName: 'Parks',
    phone: nextPhone(),
    ...overrides,
  }).then(({ user }) => user);

const simulate = (
  contactId: string,
  payload: unknown,
  headers: Record<string, string> = ctx.auth,
  app = ctx.app,
) =>
  app.inject({
    method: 'POST',
    url: `/api/contacts/${contactId}/simulate-reply`,
    headers,
    payload: payload as Record<string, unknown>,
  });

const contactOf = async (id: string) =>
  (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const outboxTo = (phone: string) =>
  ctx.db
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.toPhone, phone))
    .orderBy(asc(outboundMessages.createdAt));

describe('POST /api/contacts/:id/simulate-reply', () => {
  it('stores the reply as if it came from the phone, acts on it and answers 201 {message}', async () => {
    const contact = await participant();
    const response = await simulate(contact.id, { body: 'join' });
    expect(response.statusCode, response.body).toBe(201);
    const { message } = response.json() as { message: ApiInboundMessage };
    expect(message).toEqual({
      _id: message.id,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      providerMessageId: expect.stringMatching(/^SIM[0-9a-f]{32}$/),
      fromPhone: contact.phone,
      toPhone: FAKE_TWILIO.from,
      body: 'join',
      mediaUrls: [],
      contactId: contact.id,
      contactName: 'Rosa Parks',
      intent: 'optin',
      receivedAt: expect.any(String),
      // Typed by staff: it says so, and who.
      simulatedBy: ctx.user.id,
      simulatedByName: `Hana ${ctx.user.lastName}`,
      // A keyword Tidings answered itself: handled as it arrived, by nobody.
      ...UNTOUCHED_IN_INBOX,
      state: 'handled',
      handledAt: message.receivedAt,
    });
    expect(new Date(message.receivedAt).toISOString()).toBe(message.receivedAt);
    expect((await contactOf(contact.id)).smsVerified).toBe(true);
    const outbox = await outboxTo(contact.phone!);
    expect(outbox.map((m) => [m.kind, m.body])).toEqual([
      ['confirmation', serverTexts.sms.optinConfirmedNoProgram],
    ]);
    // Each simulated reply is a new message, never taken for a repeat of the last.
    const again = await simulate(contact.id, { body: 'stop please' });
    expect(again.statusCode).toBe(201);
    expect(again.json().message.providerMessageId).not.toBe(message.providerMessageId);
    expect(again.json().message.intent).toBe('optout');
    expect((await contactOf(contact.id)).smsOptedOutAt).not.toBeNull();
    const consent = await ctx.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.contactId, contact.id))
      .orderBy(asc(consentEvents.at));
    // In effect as the phone's reply would be, but recorded as simulated by the staff member.
    expect(consent.map((e) => [e.event, e.source, e.keyword, e.text, e.staffUserId])).toEqual([
      ['opted_in', 'simulated', 'JOIN', 'join', ctx.user.id],
      ['opted_out', 'simulated', 'STOP', 'stop please', ctx.user.id],
    ]);
  });

  it("is never the phone's own word: the consent log, the conversation and the replies list say it was simulated, and by whom", async () => {
    const contact = await participant();
    const staffName = `Hana ${ctx.user.lastName}`;
    expect((await simulate(contact.id, { body: 'JOIN' })).statusCode).toBe(201);
    expect((await simulate(contact.id, { body: 'hello' })).statusCode).toBe(201);
    const get = (url: string) => ctx.app.inject({ url, headers: ctx.auth });

    const log = await get(`/api/contacts/${contact.id}/consent`);
    expect(log.statusCode).toBe(200);
    expect(log.json().events).toEqual([
      {
        id: expect.any(String),
        contactId: contact.id,
        phone: contact.phone,
        event: 'opted_in',
        source: 'simulated',
        staffUserId: ctx.user.id,
        staffName,
        keyword: 'JOIN',
        text: 'JOIN',
        at: expect.any(String),
      },
    ]);
    const simulated = { simulatedBy: ctx.user.id, simulatedByName: staffName };
    const conversation = await get(`/api/contacts/${contact.id}/conversation`);
    const replies = conversation
      .json()
      .entries.filter((e: { direction: string }) => e.direction === 'in');
    expect(replies).toEqual([
      expect.objectContaining({ body: 'hello', ...simulated }),
      expect.objectContaining({ body: 'JOIN', ...simulated }),
    ]);
    const list = await get(`/api/inbound-messages?contactId=${contact.id}`);
    expect(list.json().messages).toEqual([
      expect.objectContaining({ body: 'hello', ...simulated }),
      expect.objectContaining({ body: 'JOIN', ...simulated }),
    ]);

    // The API's reference names the source and the fields.
    const docs = (await get('/api/docs/openapi.json')).json();
    const answer = (path: string, method: string, status: string) =>
      docs.paths[path][method].responses[status].content['application/json'].schema;
    const source = answer('/api/contacts/{id}/consent', 'get', '200').properties.events.items
      .properties.source;
    expect(source.enum).toContain('simulated');
    expect(source.description).toContain('simulated');
    expect(
      Object.keys(
        answer('/api/contacts/{id}/simulate-reply', 'post', '201').properties.message.properties,
      ),
    ).toEqual(expect.arrayContaining(['simulatedBy', 'simulatedByName']));
  });

  it('answers HELP with the configured contact, and stores free text only', async () => {
    const contact = await participant();
    expect((await simulate(contact.id, { body: 'HELP' })).statusCode).toBe(201);
    const free = await simulate(contact.id, { body: '  Lovely walk today  ' });
    expect(free.json().message).toMatchObject({ body: 'Lovely walk today', intent: null });
    const outbox = await outboxTo(contact.phone!);
    expect(outbox.map((m) => [m.kind, m.body])).toEqual([
      ['reply', formatMessage(serverTexts.sms.help, { contact: '+15035550199' })],
    ]);
  });

  it('takes a reply of the longest length and refuses an empty or longer one (400)', async () => {
    const contact = await participant();
    const longest = 'a'.repeat(INBOUND_LIMITS.bodyMax);
    expect((await simulate(contact.id, { body: longest })).statusCode).toBe(201);
    const tooLong = await simulate(contact.id, { body: `${longest}a` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      error: formatMessage(serverTexts.inbound.api.bodyTooLong, { max: INBOUND_LIMITS.bodyMax }),
      details: [
        {
          field: 'body',
          message: formatMessage(serverTexts.inbound.api.bodyTooLong, {
            max: INBOUND_LIMITS.bodyMax,
          }),
        },
      ],
    });
    for (const payload of [{}, { body: '' }, { body: '   ' }, { body: null }, { body: 5 }]) {
      const response = await simulate(contact.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({
        error: messages.conversations.simulate.bodyRequired,
        details: [{ field: 'body', message: messages.conversations.simulate.bodyRequired }],
      });
    }
  });

  it('answers 404 for an unknown or malformed contact id, 409 for a contact without a phone', async () => {
    const unknown = await simulate('6f1d7a52-3a43-4b6f-9b0e-0c1f7b0c5e11', { body: 'JOIN' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: serverTexts.contacts.notFound });
    expect((await simulate('nonsense', { body: 'JOIN' })).statusCode).toBe(404);
    const noPhone = await participant({ phone: null });
    const response = await simulate(noPhone.id, { body: 'JOIN' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: serverTexts.inbound.api.noPhone });
  });

  it('is for signed-in staff: hosts and admins, not anonymous callers', async () => {
    const contact = await participant();
    expect((await simulate(contact.id, { body: 'JOIN' }, {})).statusCode).toBe(401);
    const { user: admin, password } = await createUser(ctx.db, { role: 'admin' });
    const token = await loginAs(ctx.app, admin.email, password!);
    expect((await simulate(contact.id, { body: 'JOIN' }, bearer(token))).statusCode).toBe(201);
    // A host may simulate a reply from another staff member's phone, as they may read them.
    const { user: host } = await createUser(ctx.db, { role: 'host', phone: nextPhone() });
    const fromHost = await simulate(host.id, { body: 'hello' });
    expect(fromHost.statusCode).toBe(201);
    expect(fromHost.json().message.contactId).toBe(host.id);
  });

  it('is not there (404) with the Twilio provider', async () => {
    const twilioApp: TestContext = await startTestApp({
      ...FAKE_TWILIO_ENV,
    });
    try {
      const { user: host, password } = await createUser(twilioApp.db, { role: 'host' });
      const token = await loginAs(twilioApp.app, host.email, password!);
      const { user: contact } = await createUser(twilioApp.db, {
        role: 'participant',
        phone: nextPhone(),
      });
      const response = await simulate(contact.id, { body: 'JOIN' }, bearer(token), twilioApp.app);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: serverTexts.inbound.api.simulateLogOnly });
      const settings = await twilioApp.app.inject({
        method: 'GET',
        url: '/api/sms',
        headers: bearer(token),
      });
      expect(settings.json()).toMatchObject({ provider: 'twilio', simulateReplies: false });
    } finally {
      await twilioApp.close();
    }
  });
});

describe('GET /api/sms', () => {
  it('tells the console the provider, whether replies can be simulated, the test send limit and how messages are counted', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/sms', headers: ctx.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      provider: 'log',
      simulateReplies: true,
      testSendLimit: {
        max: TEST_SEND_LIMIT.max,
        windowMinutes: TEST_SEND_LIMIT.windowMs / 60_000,
      },
      messages: {
        shortLinkBase: `${ctx.app.config.publicUrl}/l`,
        personalFieldLength: 12,
      },
    } satisfies ApiSmsSettings);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sms' })).statusCode).toBe(401);
  });
});
