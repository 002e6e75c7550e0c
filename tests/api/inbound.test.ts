import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import {
  consentEvents,
  inboundMessages,
  outboundMessageEvents,
  outboundMessages,
  podMembers,
  pods,
  products,
  programPods,
  programs,
  users,
} from '../../src/server/db/schema';
import { phoneOptedOut } from '../../src/server/consent/log';
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { phoneTimeZones } from '../../src/server/delivery/destination';
import { quietHoursEndIn } from '../../src/server/delivery/quiet-hours';
import type { SmsProvider } from '../../src/server/delivery/provider';
import { FAKE_TWILIO, FAKE_TWILIO_ENV } from '../helpers/fake-twilio';
import { createUser, startTestApp, type TestContext } from './helpers/app';
import { stubProvider } from './helpers/sms';

/**
 * Replies from phones through Twilio's incoming-message webhook: each is stored once, and JOIN,
 * STOP and HELP act on the phone (its contacts, its queued messages, the consent log) and answer
 * it through the outbox. Also the provider's 21610 and the dispatcher's last check for opted-out
 * phones.
 */

const PUBLIC_URL = 'https://tidings.example.org';
const HELP_CONTACT = 'help@tidings.example.org';
const TWILIO_ENV = {
  ...FAKE_TWILIO_ENV,
  DISPATCHER: 'off',
  PUBLIC_URL,
  SMS_HELP_CONTACT: HELP_CONTACT,
};
const INBOUND_PATH = '/api/webhooks/twilio/inbound';
const t = serverTexts.sms;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp(TWILIO_ENV);
});
afterAll(() => ctx.close());

let phones = 0;
/** A phone of this test alone, so tests sharing the database never see each other's rows. */
const nextPhone = () => `+1971555${String(++phones).padStart(4, '0')}`;
const newSid = () => `SM${randomBytes(16).toString('hex')}`;

/** An incoming message as Twilio posts it, signed over PUBLIC_URL + path and the form fields. */
function incoming(
  fields: Record<string, string>,
  options: { signature?: string | null; app?: TestContext } = {},
) {
  const form = {
    AccountSid: FAKE_TWILIO.accountSid,
    ApiVersion: '2010-04-01',
    To: FAKE_TWILIO.from,
    NumMedia: '0',
    ...fields,
  };
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(
          FAKE_TWILIO.authToken,
          `${PUBLIC_URL}${INBOUND_PATH}`,
          form,
        )
      : options.signature;
  return (options.app ?? ctx).app.inject({
    method: 'POST',
    url: INBOUND_PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

/** A reply from `from`; answers the response after checking it is the empty TwiML. */
async function reply(from: string, body: string, sid = newSid()) {
  const response = await incoming({ MessageSid: sid, SmsSid: sid, From: from, Body: body });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const participant = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  createUser(ctx.db, { role: 'participant', phone: nextPhone(), ...overrides }).then(
    ({ user }) => user,
  );

const contactOf = async (id: string) =>
  (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

const inboundFrom = (phone: string) =>
  ctx.db
    .select()
    .from(inboundMessages)
    .where(eq(inboundMessages.fromPhone, phone))
    .orderBy(asc(inboundMessages.createdAt));

const outboxTo = (phone: string) =>
  ctx.db
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.toPhone, phone))
    .orderBy(asc(outboundMessages.createdAt));

const consentOf = (phone: string) =>
  ctx.db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.phone, phone))
    .orderBy(asc(consentEvents.at));

const historyOf = async (messageId: string) =>
  (
    await ctx.db
      .select()
      .from(outboundMessageEvents)
      .where(eq(outboundMessageEvents.messageId, messageId))
      .orderBy(asc(outboundMessageEvents.at))
  ).map((event) => [event.status, event.errorMessage]);

async function queued(values: Partial<typeof outboundMessages.$inferInsert> & { toPhone: string }) {
  const [row] = await ctx.db
    .insert(outboundMessages)
    .values({
      kind: 'program',
      body: 'Day 1: walk ten minutes',
      // Within DELIVERY_CUTOFF's default; an opt-in request must have one.
      expiresAt: new Date(Date.now() + 4 * 60 * 60 * 1000),
      ...values,
    })
    .returning();
  return row!;
}

const rowOf = async (id: string) =>
  (await ctx.db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;

/** A program with the product it needs, sending to `podIds`. */
async function program(
  name: string,
  podIds: string[],
  schedule: { startDate: string | null; days?: number; pausedAt?: Date } = {
    startDate: '2099-01-01',
  },
) {
  const [product] = await ctx.db
    .insert(products)
    .values({ name: `${name} product`, days: schedule.days ?? 7 })
    .returning();
  const [row] = await ctx.db
    .insert(programs)
    .values({
      programName: name,
      productId: product!.id,
      startDate: schedule.startDate,
      pausedAt: schedule.pausedAt,
    })
    .returning();
  if (podIds.length > 0) {
    await ctx.db.insert(programPods).values(podIds.map((podId) => ({ programId: row!.id, podId })));
  }
  return row!;
}

let podCount = 0;
async function podWith(memberIds: string[], status: 'active' | 'inactive' = 'active') {
  podCount += 1;
  const [pod] = await ctx.db
    .insert(pods)
    .values({ podId: `POD-IN-${podCount}`, podName: `Pod ${podCount}`, status })
    .returning();
  if (memberIds.length > 0) {
    await ctx.db.insert(podMembers).values(memberIds.map((userId) => ({ podId: pod!.id, userId })));
  }
  return pod!;
}

const isoDaysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('POST /api/webhooks/twilio/inbound: the request', () => {
  it('stores a validly signed message and answers an empty TwiML response', async () => {
    const phone = nextPhone();
    const sid = newSid();
    const response = await incoming({
      MessageSid: sid,
      From: phone,
      Body: 'Hello there',
      NumMedia: '2',
      MediaUrl0: 'https://api.twilio.com/media/one',
      MediaUrl1: 'https://api.twilio.com/media/two',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/xml/);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<Response\/>$/);
    const [stored] = await inboundFrom(phone);
    expect(stored).toMatchObject({
      providerMessageId: sid,
      fromPhone: phone,
      toPhone: FAKE_TWILIO.from,
      body: 'Hello there',
      mediaUrls: ['https://api.twilio.com/media/one', 'https://api.twilio.com/media/two'],
      contactId: null,
      intent: null,
    });
    expect(stored!.receivedAt).toBeInstanceOf(Date);
  });

  it('refuses an invalid or missing signature (403) and stores nothing', async () => {
    const phone = nextPhone();
    const fields = { MessageSid: newSid(), From: phone, Body: 'STOP' };
    const forged = await incoming(fields, { signature: 'bm90IGEgc2lnbmF0dXJl' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ error: serverTexts.delivery.api.invalidSignature });
    expect((await incoming(fields, { signature: null })).statusCode).toBe(403);
    const otherToken = twilio.getExpectedTwilioSignature(
      'another-token',
      `${PUBLIC_URL}${INBOUND_PATH}`,
      fields,
    );
    expect((await incoming(fields, { signature: otherToken })).statusCode).toBe(403);
    // Signed for the status callback's URL, not this one.
    const otherUrl = twilio.getExpectedTwilioSignature(
      FAKE_TWILIO.authToken,
      `${PUBLIC_URL}/api/webhooks/twilio/status`,
      {
        AccountSid: FAKE_TWILIO.accountSid,
        ApiVersion: '2010-04-01',
        To: FAKE_TWILIO.from,
        NumMedia: '0',
        ...fields,
      },
    );
    expect((await incoming(fields, { signature: otherUrl })).statusCode).toBe(403);
    expect(await inboundFrom(phone)).toEqual([]);
    expect(await consentOf(phone)).toEqual([]);
  });

  it('answers 400 for a signed request without MessageSid or From', async () => {
    const phone = nextPhone();
    const noSid = await incoming({ From: phone, Body: 'JOIN' });
    expect(noSid.statusCode).toBe(400);
    expect(noSid.json().error).toBe(
      formatMessage(serverTexts.inbound.api.missingField, { field: 'MessageSid' }),
    );
    const noFrom = await incoming({ MessageSid: newSid(), Body: 'JOIN' });
    expect(noFrom.statusCode).toBe(400);
    expect(noFrom.json().error).toBe(
      formatMessage(serverTexts.inbound.api.missingField, { field: 'From' }),
    );
    expect(await inboundFrom(phone)).toEqual([]);
  });

  it('stores a message without a body (a picture alone) with an empty body', async () => {
    const phone = nextPhone();
    await incoming({
      MessageSid: newSid(),
      From: phone,
      NumMedia: '1',
      MediaUrl0: 'https://api.twilio.com/media/pic',
    });
    const [stored] = await inboundFrom(phone);
    expect(stored).toMatchObject({ body: '', mediaUrls: ['https://api.twilio.com/media/pic'] });
  });

  it('is not there (404) with the log provider', async () => {
    const logApp = await startTestApp({ PUBLIC_URL });
    try {
      const phone = nextPhone();
      const response = await incoming(
        { MessageSid: newSid(), From: phone, Body: 'JOIN' },
        {
          app: logApp,
        },
      );
      expect(response.statusCode).toBe(404);
      expect(typeof response.json().error).toBe('string');
    } finally {
      await logApp.close();
    }
  });

  it('answers bad bodies with a 4xx, never a 5xx', async () => {
    const bodies: [string | undefined, string][] = [
      ['application/json', '{"MessageSid":"SM1","From":"+19715550000"}'],
      ['application/x-www-form-urlencoded', 'From=%00%2B1&MessageSid=SM1'],
      ['application/x-www-form-urlencoded', 'From=a&From=b&MessageSid=SM1'],
      ['application/x-www-form-urlencoded', ''],
      ['text/plain', 'From=x'],
      [undefined, ''],
    ];
    for (const [contentType, payload] of bodies) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: INBOUND_PATH,
        headers: {
          ...(contentType ? { 'content-type': contentType } : {}),
          'x-twilio-signature': 'c2lnbmVk',
        },
        payload,
      });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
      expect(typeof response.json().error).toBe('string');
    }
  });
});

describe('JOIN, START, UNSTOP, YES', () => {
  it('verifies the participant, logs the consent and confirms once, naming the program', async () => {
    const contact = await participant();
    const pod = await podWith([contact.id]);
    await program('Morning Walks', [pod.id]);
    const sid = newSid();
    await reply(contact.phone!, 'Join!', sid);
    // Twilio retries a webhook it did not see answered: the same message changes nothing more.
    await reply(contact.phone!, 'Join!', sid);

    expect(await contactOf(contact.id)).toMatchObject({ smsVerified: true, smsOptedOutAt: null });
    const [stored, ...more] = await inboundFrom(contact.phone!);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ contactId: contact.id, intent: 'optin', body: 'Join!' });
    const consent = await consentOf(contact.phone!);
    expect(consent).toHaveLength(1);
    expect(consent[0]).toMatchObject({
      contactId: contact.id,
      phone: contact.phone,
      event: 'opted_in',
      source: 'keyword',
      keyword: 'JOIN',
      text: 'Join!',
      inboundMessageId: stored!.id,
      staffUserId: null,
      outboundMessageId: null,
    });
    const outbox = await outboxTo(contact.phone!);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      kind: 'confirmation',
      status: 'queued',
      contactId: contact.id,
      body: formatMessage(t.optinConfirmed, { programs: 'Morning Walks' }),
      segments: 1,
      timeZone: null,
      programId: null,
    });
    expect(outbox[0]!.sendAfter.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await historyOf(outbox[0]!.id)).toEqual([['queued', null]]);
  });

  it('confirms once when Twilio posts the same message twice at the same moment', async () => {
    const contact = await participant();
    const sid = newSid();
    const [first, second] = await Promise.all([
      incoming({ MessageSid: sid, From: contact.phone!, Body: 'YES' }),
      incoming({ MessageSid: sid, From: contact.phone!, Body: 'YES' }),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect(await inboundFrom(contact.phone!)).toHaveLength(1);
    expect(await consentOf(contact.phone!)).toHaveLength(1);
    const outbox = await outboxTo(contact.phone!);
    expect(outbox.map((m) => [m.kind, m.body])).toEqual([
      ['confirmation', t.optinConfirmedNoProgram],
    ]);
  });

  it('opts a phone that had opted out back in, and a repeated JOIN changes and sends nothing', async () => {
    const contact = await participant({ smsVerified: true, smsOptedOutAt: new Date() });
    await reply(contact.phone!, 'START');
    expect(await contactOf(contact.id)).toMatchObject({ smsVerified: true, smsOptedOutAt: null });
    expect((await consentOf(contact.phone!)).map((e) => [e.event, e.keyword])).toEqual([
      ['opted_in', 'START'],
    ]);
    expect(await phoneOptedOut(ctx.db, contact.phone!)).toBe(false);
    // Already in: a later 'yes' (an answer to a question, say) is stored only.
    await reply(contact.phone!, 'yes');
    await reply(contact.phone!, 'unstop');
    expect(await inboundFrom(contact.phone!)).toHaveLength(3);
    expect(await consentOf(contact.phone!)).toHaveLength(1);
    expect(await outboxTo(contact.phone!)).toHaveLength(1);
  });

  it('verifies every participant sharing the phone, with one consent row each and one confirmation', async () => {
    const parent = await participant({ createdAt: new Date(Date.now() - 60_000) });
    const child = await participant({ phone: parent.phone });
    await reply(parent.phone!, 'JOIN');
    expect((await contactOf(parent.id)).smsVerified).toBe(true);
    expect((await contactOf(child.id)).smsVerified).toBe(true);
    const consent = await consentOf(parent.phone!);
    expect(consent.map((e) => e.contactId).sort()).toEqual([parent.id, child.id].sort());
    const outbox = await outboxTo(parent.phone!);
    expect(outbox).toHaveLength(1);
    // No message was sent to the phone yet: the earliest created contact is the one matched.
    expect(outbox[0]!.contactId).toBe(parent.id);
    expect((await inboundFrom(parent.phone!))[0]!.contactId).toBe(parent.id);
  });

  it('matches the contact most recently sent a message to the phone', async () => {
    const older = await participant({ createdAt: new Date(Date.now() - 60_000) });
    const newer = await participant({ phone: older.phone });
    await queued({ contactId: older.id, toPhone: older.phone!, status: 'delivered' });
    await queued({ contactId: newer.id, toPhone: older.phone!, status: 'delivered' });
    await reply(older.phone!, 'Thanks, lovely message');
    expect((await inboundFrom(older.phone!))[0]!.contactId).toBe(newer.id);
  });

  it('names the scheduled and running programs of active pods, at most three', async () => {
    const contact = await participant();
    const pod = await podWith([contact.id]);
    const other = await podWith([contact.id]);
    const closed = await podWith([contact.id], 'inactive');
    await program('Alpha', [pod.id]);
    await program('Beta', [other.id], { startDate: isoDaysFromNow(-3), days: 30 });
    await program('Gamma', [pod.id, other.id]);
    await program('Delta', [other.id], { startDate: '2099-02-01' });
    await program('Epsilon', [pod.id], { startDate: '2099-03-01' });
    // Not named: a draft, a completed, a paused program, one of an inactive pod.
    await program('Draft', [pod.id], { startDate: null });
    await program('Done', [pod.id], { startDate: '2001-01-01', days: 1 });
    await program('Paused', [pod.id], { startDate: '2099-01-01', pausedAt: new Date() });
    await program('Closed pod', [closed.id]);
    await reply(contact.phone!, 'JOIN');
    const [confirmation] = await outboxTo(contact.phone!);
    expect(confirmation!.body).toBe(
      formatMessage(t.optinConfirmed, { programs: 'Beta, Alpha, Gamma and 2 more' }),
    );
  });

  it('cancels an opt-in request still waiting for the phone', async () => {
    const contact = await participant();
    const request = await queued({
      kind: 'optin',
      contactId: contact.id,
      toPhone: contact.phone!,
      body: 'Reply JOIN',
    });
    await reply(contact.phone!, 'JOIN');
    expect((await rowOf(request.id)).status).toBe('canceled');
    expect(await historyOf(request.id)).toEqual([['canceled', serverTexts.inbound.alreadyOptedIn]]);
  });

  it('does nothing but store a JOIN from an unknown number or a staff member', async () => {
    const unknown = nextPhone();
    await reply(unknown, 'JOIN');
    const { user: host } = await createUser(ctx.db, { role: 'host', phone: nextPhone() });
    await reply(host.phone!, 'JOIN');
    for (const phone of [unknown, host.phone!]) {
      expect(await inboundFrom(phone)).toHaveLength(1);
      expect(await consentOf(phone)).toEqual([]);
      expect(await outboxTo(phone)).toEqual([]);
    }
    expect((await inboundFrom(host.phone!))[0]!.contactId).toBe(host.id);
  });

  it('lets a number without participants that had opted out opt back in, with no answer', async () => {
    const unknown = nextPhone();
    await reply(unknown, 'STOP');
    await reply(unknown, 'START');
    expect(await phoneOptedOut(ctx.db, unknown)).toBe(false);
    expect((await consentOf(unknown)).map((e) => [e.event, e.contactId, e.keyword])).toEqual([
      ['opted_out', null, 'STOP'],
      ['opted_in', null, 'START'],
    ]);
    // A staff member's phone: their own STOP no longer holds back their test sends.
    const { user: host } = await createUser(ctx.db, { role: 'host', phone: nextPhone() });
    await reply(host.phone!, 'STOP');
    expect((await contactOf(host.id)).smsOptedOutAt).toBeInstanceOf(Date);
    await reply(host.phone!, 'UNSTOP');
    expect(await contactOf(host.id)).toMatchObject({ smsOptedOutAt: null, smsVerified: false });
    expect((await consentOf(host.phone!)).map((e) => [e.event, e.contactId])).toEqual([
      ['opted_out', host.id],
      ['opted_in', host.id],
    ]);
    // Only the opt-out was confirmed.
    for (const phone of [unknown, host.phone!]) {
      expect((await outboxTo(phone)).map((m) => [m.kind, m.body])).toEqual([
        ['confirmation', t.optedOut],
      ]);
    }
  });
});

describe('STOP and its like', () => {
  it('opts the phone out at once, cancels everything queued to it and confirms once', async () => {
    const contact = await participant({ smsVerified: true });
    const sibling = await participant({ phone: contact.phone, smsVerified: true });
    const programRow = await queued({ contactId: contact.id, toPhone: contact.phone!, day: 3 });
    const optin = await queued({
      kind: 'optin',
      contactId: sibling.id,
      toPhone: contact.phone!,
      body: 'Reply JOIN',
    });
    const test = await queued({ kind: 'test', toPhone: contact.phone!, body: 'Test' });
    const elsewhere = await queued({ contactId: contact.id, toPhone: nextPhone() });
    const sid = newSid();
    await reply(contact.phone!, 'stop please', sid);
    await reply(contact.phone!, 'stop please', sid);

    for (const id of [contact.id, sibling.id]) {
      expect((await contactOf(id)).smsOptedOutAt).toBeInstanceOf(Date);
    }
    for (const row of [programRow, optin, test]) {
      expect((await rowOf(row.id)).status).toBe('canceled');
      expect(await historyOf(row.id)).toEqual([['canceled', serverTexts.delivery.optedOut]]);
    }
    // Canceled by the contact too: a message to their earlier number is theirs all the same.
    expect((await rowOf(elsewhere.id)).status).toBe('canceled');
    const [stored] = await inboundFrom(contact.phone!);
    expect(stored).toMatchObject({ intent: 'optout', body: 'stop please' });
    const consent = await consentOf(contact.phone!);
    expect(consent.map((e) => e.contactId).sort()).toEqual([contact.id, sibling.id].sort());
    for (const event of consent) {
      expect(event).toMatchObject({
        phone: contact.phone,
        event: 'opted_out',
        source: 'keyword',
        keyword: 'STOP',
        text: 'stop please',
        inboundMessageId: stored!.id,
      });
    }
    expect(await phoneOptedOut(ctx.db, contact.phone!)).toBe(true);
    const confirmations = (await outboxTo(contact.phone!)).filter((m) => m.status === 'queued');
    expect(confirmations.map((m) => [m.kind, m.body])).toEqual([['confirmation', t.optedOut]]);
  });

  it('confirms once when two STOPs from the phone arrive at the same moment', async () => {
    const contact = await participant({ smsVerified: true });
    const responses = await Promise.all([
      incoming({ MessageSid: newSid(), From: contact.phone!, Body: 'STOP' }),
      incoming({ MessageSid: newSid(), From: contact.phone!, Body: 'Stop.' }),
      incoming({ MessageSid: newSid(), From: contact.phone!, Body: 'end' }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await inboundFrom(contact.phone!)).toHaveLength(3);
    expect(await consentOf(contact.phone!)).toHaveLength(1);
    expect((await outboxTo(contact.phone!)).map((m) => m.kind)).toEqual(['confirmation']);
  });

  it('records nothing new and sends nothing for a repeated STOP', async () => {
    const contact = await participant({ smsVerified: true });
    await reply(contact.phone!, 'STOP');
    const optedOutAt = (await contactOf(contact.id)).smsOptedOutAt;
    await reply(contact.phone!, 'STOP');
    await reply(contact.phone!, 'Please STOP texting me');
    expect(await inboundFrom(contact.phone!)).toHaveLength(3);
    expect((await inboundFrom(contact.phone!)).map((m) => m.intent)).toEqual([
      'optout',
      'optout',
      'optout',
    ]);
    expect(await consentOf(contact.phone!)).toHaveLength(1);
    expect((await contactOf(contact.id)).smsOptedOutAt).toEqual(optedOutAt);
    const outbox = await outboxTo(contact.phone!);
    expect(outbox.map((m) => [m.kind, m.status])).toEqual([['confirmation', 'queued']]);
  });

  it('honours STOP from an unknown number: logged without a contact, and confirmed', async () => {
    const phone = nextPhone();
    const waiting = await queued({ kind: 'test', toPhone: phone, body: 'Test' });
    await reply(phone, 'UNSUBSCRIBE');
    expect((await rowOf(waiting.id)).status).toBe('canceled');
    const consent = await consentOf(phone);
    expect(consent).toHaveLength(1);
    expect(consent[0]).toMatchObject({
      contactId: null,
      event: 'opted_out',
      source: 'keyword',
      keyword: 'UNSUBSCRIBE',
      text: 'UNSUBSCRIBE',
    });
    expect(await phoneOptedOut(ctx.db, phone)).toBe(true);
    const outbox = (await outboxTo(phone)).filter((m) => m.status === 'queued');
    expect(outbox.map((m) => [m.kind, m.contactId, m.body])).toEqual([
      ['confirmation', null, t.optedOut],
    ]);
    await reply(phone, 'stop');
    expect(await consentOf(phone)).toHaveLength(1);
    expect((await outboxTo(phone)).filter((m) => m.status === 'queued')).toHaveLength(1);
  });

  it.each([
    ['Please quit texting me', 'QUIT'],
    ['Hi, this is Maria, please unsubscribe me from all of your text messages', 'UNSUBSCRIBE'],
    ['Take me off your list', null],
    ['NO MÁS', 'NOMAS'],
    ['STPO', 'STOP'],
  ])(
    'opts the phone out for %j, a request to stop under the FCC rule (keyword %s)',
    async (body, keyword) => {
      const contact = await participant({ smsVerified: true });
      const waiting = await queued({ contactId: contact.id, toPhone: contact.phone! });
      await reply(contact.phone!, body);
      expect((await rowOf(waiting.id)).status).toBe('canceled');
      expect(await phoneOptedOut(ctx.db, contact.phone!)).toBe(true);
      expect(await consentOf(contact.phone!)).toMatchObject([
        { event: 'opted_out', source: 'keyword', keyword, text: body },
      ]);
    },
  );

  it.each(['The bus stop is closed today', 'End of the day works for me', 'Quit joking lol'])(
    'opts nobody out for %j: a stop word in another sense',
    async (body) => {
      const contact = await participant({ smsVerified: true });
      await reply(contact.phone!, body);
      expect((await inboundFrom(contact.phone!)).map((m) => m.intent)).toEqual([null]);
      expect(await phoneOptedOut(ctx.db, contact.phone!)).toBe(false);
      expect(await consentOf(contact.phone!)).toEqual([]);
    },
  );

  it('stores "don\'t stop" and other free text only', async () => {
    const contact = await participant({ smsVerified: true });
    const waiting = await queued({ contactId: contact.id, toPhone: contact.phone! });
    await reply(contact.phone!, "Don't stop, I love these!");
    await reply(contact.phone!, 'I walked 20 minutes today');
    expect((await inboundFrom(contact.phone!)).map((m) => [m.intent, m.contactId])).toEqual([
      [null, contact.id],
      [null, contact.id],
    ]);
    expect((await contactOf(contact.id)).smsOptedOutAt).toBeNull();
    expect((await rowOf(waiting.id)).status).toBe('queued');
    expect(await consentOf(contact.phone!)).toEqual([]);
    expect(await outboxTo(contact.phone!)).toHaveLength(1);
  });
});

describe('HELP and INFO', () => {
  it('answers with the help text naming SMS_HELP_CONTACT, also to an opted-out phone', async () => {
    const contact = await participant({ smsVerified: true });
    await reply(contact.phone!, 'HELP');
    const optedOut = await participant({ smsOptedOutAt: new Date() });
    await reply(optedOut.phone!, 'info');
    const help = formatMessage(t.help, { contact: HELP_CONTACT });
    for (const who of [contact, optedOut]) {
      const outbox = await outboxTo(who.phone!);
      expect(outbox.map((m) => [m.kind, m.status, m.contactId, m.body])).toEqual([
        ['reply', 'queued', who.id, help],
      ]);
      expect(await consentOf(who.phone!)).toEqual([]);
      expect((await inboundFrom(who.phone!))[0]!.intent).toBe('help');
    }
    // Consent is unchanged by asking for help.
    expect((await contactOf(optedOut.id)).smsOptedOutAt).toBeInstanceOf(Date);
  });

  it('answers nothing to an unknown number', async () => {
    const phone = nextPhone();
    await reply(phone, 'HELP');
    await reply(phone, 'What is this?');
    expect((await inboundFrom(phone)).map((m) => m.intent)).toEqual(['help', null]);
    expect(await outboxTo(phone)).toEqual([]);
  });

  it('names the address in MAIL_FROM when SMS_HELP_CONTACT is not set', async () => {
    const other = await startTestApp({
      ...TWILIO_ENV,
      SMS_HELP_CONTACT: '',
      MAIL_FROM: 'Team Tidings <team@example.org>',
    });
    try {
      const { user } = await createUser(other.db, { role: 'participant', phone: nextPhone() });
      const response = await incoming(
        { MessageSid: newSid(), From: user.phone!, Body: 'help' },
        { app: other },
      );
      expect(response.statusCode).toBe(200);
      const [help] = await other.db
        .select()
        .from(outboundMessages)
        .where(eq(outboundMessages.toPhone, user.phone!));
      expect(help!.body).toBe(formatMessage(t.help, { contact: 'team@example.org' }));
    } finally {
      await other.close();
    }
  });
});

describe("the provider's 21610 (the phone unsubscribed at the carrier)", () => {
  it('from a status callback: logs a provider consent row and cancels what is queued to the phone', async () => {
    const contact = await participant({ smsVerified: true });
    const sid = newSid();
    const sent = await queued({
      contactId: contact.id,
      toPhone: contact.phone!,
      status: 'sent',
      providerMessageId: sid,
    });
    const waiting = await queued({ kind: 'test', toPhone: contact.phone!, body: 'Test' });
    const path = `/api/webhooks/twilio/status?message=${sent.id}`;
    const form = {
      AccountSid: FAKE_TWILIO.accountSid,
      MessageSid: sid,
      MessageStatus: 'failed',
      ErrorCode: '21610',
      To: contact.phone!,
      From: FAKE_TWILIO.from,
    };
    const response = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(
          FAKE_TWILIO.authToken,
          `${PUBLIC_URL}${path}`,
          form,
        ),
      },
      payload: new URLSearchParams(form).toString(),
    });
    expect(response.statusCode).toBe(204);
    expect((await contactOf(contact.id)).smsOptedOutAt).toBeInstanceOf(Date);
    expect((await rowOf(waiting.id)).status).toBe('canceled');
    const consent = await consentOf(contact.phone!);
    expect(consent).toHaveLength(1);
    expect(consent[0]).toMatchObject({
      contactId: contact.id,
      event: 'opted_out',
      source: 'provider',
      keyword: null,
      text: messages.delivery.twilioErrors['21610'],
      outboundMessageId: sent.id,
      inboundMessageId: null,
    });
    // The carrier confirmed the opt-out itself: Tidings sends nothing more.
    expect((await outboxTo(contact.phone!)).filter((m) => m.status === 'queued')).toEqual([]);
  });

  it('from a refused send: logs a provider consent row for the phone, with or without a contact', async () => {
    const contact = await participant({ smsVerified: true });
    const refusedText = 'Attempt to send to unsubscribed recipient';
    const first = await queued({ kind: 'test', contactId: contact.id, toPhone: contact.phone! });
    const next = await queued({
      contactId: contact.id,
      toPhone: contact.phone!,
      sendAfter: new Date(Date.now() + 86_400_000),
    });
    const stranger = nextPhone();
    const toStranger = await queued({ kind: 'test', toPhone: stranger, body: 'Test' });
    const provider = stubProvider((sms) =>
      sms.id === first.id || sms.id === toStranger.id
        ? {
            ok: false,
            retryable: false,
            optedOut: true,
            errorCode: '21610',
            errorMessage: refusedText,
          }
        : { ok: true, providerMessageId: newSid() },
    );
    await runDispatcher(provider);
    expect(await rowOf(first.id)).toMatchObject({ status: 'failed', errorCode: '21610' });
    expect((await rowOf(next.id)).status).toBe('canceled');
    expect((await contactOf(contact.id)).smsOptedOutAt).toBeInstanceOf(Date);
    expect(await consentOf(contact.phone!)).toEqual([
      expect.objectContaining({
        contactId: contact.id,
        event: 'opted_out',
        source: 'provider',
        text: refusedText,
        outboundMessageId: first.id,
      }),
    ]);
    expect(await consentOf(stranger)).toEqual([
      expect.objectContaining({
        contactId: null,
        source: 'provider',
        outboundMessageId: toStranger.id,
      }),
    ]);
    expect(await phoneOptedOut(ctx.db, stranger)).toBe(true);
  });
});

/** A provider that answers each message with `answer` and records what it was given. */
async function runDispatcher(provider: SmsProvider, now = () => new Date()) {
  await createDispatcher({
    db: ctx.db,
    provider,
    mps: 0,
    cutoffMs: 4 * 3_600_000,
    log: Fastify().log,
    now,
  }).runOnce();
}

describe("the dispatcher's last check for an opted-out phone", () => {
  it('skips opt-in requests and test messages to it, and still sends confirmations and help replies', async () => {
    const contact = await participant({ smsVerified: true });
    await reply(contact.phone!, 'STOP');
    const [confirmation] = await outboxTo(contact.phone!);
    // Queued after the opt-out, as staff might.
    const optin = await queued({
      kind: 'optin',
      contactId: contact.id,
      toPhone: contact.phone!,
      body: 'Reply JOIN',
    });
    const test = await queued({ kind: 'test', toPhone: contact.phone!, body: 'Test' });
    await reply(contact.phone!, 'HELP');
    const help = (await outboxTo(contact.phone!)).find((m) => m.kind === 'reply')!;
    // A contact opted out with no consent row (before the log existed) is refused all the same.
    const legacy = await participant({ smsOptedOutAt: new Date() });
    const legacyOptin = await queued({
      kind: 'optin',
      contactId: legacy.id,
      toPhone: legacy.phone!,
      body: 'Reply JOIN',
    });
    // A test message to a phone that did not opt out goes.
    const fine = await queued({ kind: 'test', toPhone: nextPhone(), body: 'Test' });

    const provider = stubProvider(() => ({ ok: true, providerMessageId: newSid() }));
    await runDispatcher(provider);

    for (const row of [optin, test, legacyOptin]) {
      expect(await rowOf(row.id)).toMatchObject({
        status: 'skipped',
        errorMessage: serverTexts.inbound.phoneOptedOut,
      });
    }
    for (const row of [confirmation!, help, fine]) {
      expect((await rowOf(row.id)).status).toBe('sent');
    }
    const sentIds = provider.sent.map((sms) => sms.id);
    expect(sentIds).toEqual(expect.arrayContaining([confirmation!.id, help.id, fine.id]));
    expect(sentIds).not.toContain(optin.id);
    expect(sentIds).not.toContain(test.id);
    expect(sentIds).not.toContain(legacyOptin.id);
  });

  it('sends the opt-in request again once the phone opted back in', async () => {
    const contact = await participant();
    await reply(contact.phone!, 'STOP');
    await reply(contact.phone!, 'START');
    // An opt-in request keeps the daytime of every zone of its number's country: sent then.
    const daytime = quietHoursEndIn(new Date(), phoneTimeZones(contact.phone!)) ?? new Date();
    const optin = await queued({
      kind: 'optin',
      contactId: contact.id,
      toPhone: contact.phone!,
      body: 'Reply JOIN',
      expiresAt: new Date(daytime.getTime() + 60 * 60 * 1000),
    });
    // Not before the request was queued: in the daytime, that is now.
    await runDispatcher(
      stubProvider(() => ({ ok: true, providerMessageId: newSid() })),
      () => new Date(Math.max(daytime.getTime(), Date.now())),
    );
    expect((await rowOf(optin.id)).status).toBe('sent');
    const statuses = await ctx.db
      .select({ kind: outboundMessages.kind, status: outboundMessages.status })
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.toPhone, contact.phone!),
          eq(outboundMessages.kind, 'confirmation'),
        ),
      );
    // The opt-out confirmation was canceled by nothing; the START confirmation follows it.
    expect(statuses.map((s) => s.status)).toEqual(['sent', 'sent']);
  });
});
