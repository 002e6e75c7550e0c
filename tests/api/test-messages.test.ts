import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents, outboundMessages } from '../../src/server/db/schema';
import { createDeliveryEngine, engineClock } from '../../src/server/delivery/engine';
import { quietHoursEnd } from '../../src/server/delivery/quiet-hours';
import { wallClock } from '../../src/shared/schedule';
import { TEST_SEND_LIMIT } from '../../src/shared/consent';
import { DELIVERY_DEFAULTS } from '../../src/shared/delivery';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import { addDays, zonedInstant } from '../../src/shared/schedule';
import type { ApiMessageDetail } from '../../src/shared/responses/messages';
import { png } from '../helpers/media-files';
import {
  bearer,
  createUser,
  loginAs,
  multipartFile,
  startSignedInApp,
  type NewUser,
} from './helpers/app';

/**
 * Send Test MMS (POST /api/messages/test): what a signed-in host or admin gets back and what goes
 * into the outbox, for a phone or a contact, free text (with uploaded media) or a product's day;
 * the refusals (opted-out numbers, bad input, too many sends); and that the message goes out at
 * once through the engine, quiet hours or not.
 */

const PUBLIC_URL = 'https://tidings.example.org';
const t = serverTexts.testSends.api;

type Auth = { authorization: string };
type Context = Awaited<ReturnType<typeof startSignedInApp>>;

let ctx: Context;

beforeAll(async () => {
  ctx = await startSignedInApp({ PUBLIC_URL });
});
afterAll(() => ctx?.close());

let phoneCounter = 0;
/** A phone number no other test uses, in E.164. */
const newPhone = () => `+1503555${String(++phoneCounter).padStart(4, '0')}`;

/**
 * A signed-in staff user of their own: each has a fresh rate limit, so tests do not use up each
 * other's sends.
 */
async function staff(overrides: NewUser = {}, on: Context = ctx) {
  const { user, password } = await createUser(on.db, { role: 'host', ...overrides });
  return { user, auth: bearer(await loginAs(on.app, user.email, password!)) };
}

function sendTest(auth: Record<string, string>, payload: object, on: Context = ctx) {
  return on.app.inject({ method: 'POST', url: '/api/messages/test', headers: auth, payload });
}

async function participant(overrides: NewUser = {}) {
  return (await createUser(ctx.db, { role: 'participant', phone: newPhone(), ...overrides })).user;
}

async function upload(auth: Auth) {
  const form = await multipartFile('picture.png', png());
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/media',
    payload: form.payload,
    headers: { ...form.headers, ...auth },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as {
    url: string;
    type: string;
    filename: string;
    mimeType: string;
    size: number;
  };
}

const message = (text: string) => ({ text, links: [], media: null, fallbackUrl: '' });

/** A product ('Morning Walks' unless named) created through the API; its id. */
async function createProduct(auth: Auth, days: object) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: auth,
    payload: { name: 'Morning Walks', ...days },
  });
  expect(created.statusCode).toBe(201);
  return (created.json().data as { id: string }).id;
}

const rowOf = async (id: string) =>
  (await ctx.db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;

const outboxCount = async () => (await ctx.db.select().from(outboundMessages)).length;

describe('POST /api/messages/test', () => {
  it('needs a signed-in user', async () => {
    const response = await sendTest({}, { to: newPhone(), body: 'Hello' });
    expect(response.statusCode).toBe(401);
  });

  it('queues a text to a phone: a test message of the user, due now, in no time zone, with its history', async () => {
    const host = await staff();
    const before = Date.now();
    const response = await sendTest(host.auth, {
      to: '(503) 555-0142',
      body: '  Hello from Tidings!  ',
    });
    const after = Date.now();

    expect(response.statusCode).toBe(201);
    const message = response.json().message as ApiMessageDetail;
    expect(message).toMatchObject({
      kind: 'test',
      status: 'queued',
      toPhone: '+15035550142',
      body: 'Hello from Tidings!',
      mediaUrl: null,
      programId: null,
      programName: null,
      contactId: null,
      contactName: null,
      day: null,
      segments: 1,
      attempts: 0,
      sentAt: null,
    });
    expect(message.history).toEqual([
      {
        status: 'queued',
        source: 'staff',
        errorCode: null,
        errorMessage: null,
        at: expect.any(String),
      },
    ]);
    // The same object GET /api/messages/{id} answers, so the dialog can follow it there.
    const read = await ctx.app.inject({ url: `/api/messages/${message.id}`, headers: host.auth });
    expect(read.json()).toEqual({ message });

    const row = await rowOf(message.id);
    expect(row.createdBy).toBe(host.user.id);
    expect(row.timeZone).toBeNull();
    expect(row.sendAfter.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(row.sendAfter.getTime()).toBeLessThanOrEqual(after + 1);
    expect(row.expiresAt!.getTime() - row.sendAfter.getTime()).toBe(DELIVERY_DEFAULTS.cutoffMs);
  });

  it('counts the segments of the text as carriers do, and keeps it to one as products do', async () => {
    const host = await staff({ role: 'admin' });
    // An emoji makes it UCS-2: 70 units in one segment, 67 per part.
    const body = `${'Walk today '.repeat(6)}${'w'.repeat(2)}🙂`;
    const response = await sendTest(host.auth, { to: newPhone(), body });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatchObject({ body, segments: 1 });
    const over = await sendTest(host.auth, {
      to: newPhone(),
      body: `${'Walk today '.repeat(7)}🙂`,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe(formatMessage(t.bodyTooLong, { max: 70 }));
  });

  it('sends to a contact by id, and names the contact whose phone was typed', async () => {
    const host = await staff();
    const ana = await participant({ firstName: 'Ana', lastName: 'Alvarez' });

    const byId = await sendTest(host.auth, { contactId: ana.id, body: 'Hi Ana' });
    expect(byId.statusCode).toBe(201);
    expect(byId.json().message).toMatchObject({
      toPhone: ana.phone,
      contactId: ana.id,
      contactName: 'Ana Alvarez',
      body: 'Hi Ana',
    });

    const byPhone = await sendTest(host.auth, { to: ana.phone, body: 'Hi again' });
    expect(byPhone.statusCode).toBe(201);
    expect(byPhone.json().message).toMatchObject({ toPhone: ana.phone, contactId: ana.id });
  });

  it('sends text with an uploaded image as an MMS whose media URL is absolute under PUBLIC_URL', async () => {
    const host = await staff();
    const image = await upload(host.auth);
    const expected = `${PUBLIC_URL}${image.url}`;

    const relative = await sendTest(host.auth, {
      to: newPhone(),
      body: 'Look at this',
      mediaUrl: image.url,
    });
    expect(relative.statusCode).toBe(201);
    expect(relative.json().message).toMatchObject({
      body: 'Look at this',
      mediaUrl: expected,
      segments: 1,
    });

    // The absolute URL the console may show is the same media.
    const absolute = await sendTest(host.auth, {
      to: newPhone(),
      body: 'Again',
      mediaUrl: expected,
    });
    expect(absolute.statusCode).toBe(201);
    expect(absolute.json().message.mediaUrl).toBe(expected);

    // No media is no media.
    const none = await sendTest(host.auth, { to: newPhone(), body: 'Plain', mediaUrl: null });
    expect(none.statusCode).toBe(201);
    expect(none.json().message.mediaUrl).toBeNull();
  });

  it("sends a product's day exactly as a participant receives it: links as URLs, media absolute with its fallback", async () => {
    const host = await staff();
    const image = await upload(host.auth);
    const productId = await createProduct(host.auth, {
      days: 2,
      preMessage: message('Welcome to Morning Walks!'),
      messages: [
        {
          ...message('Day 1: a short walk.'),
          links: [{ url: 'https://w.example/d1', label: 'Route map', tracked: false }],
        },
        { ...message('Day 2: look up.'), media: image, fallbackUrl: 'https://w.example/d2' },
      ],
      conclusionMessage: message('Well done!'),
    });

    const expected = [
      { day: 0, body: 'Welcome to Morning Walks!', mediaUrl: null },
      { day: 1, body: 'Day 1: a short walk.\nhttps://w.example/d1', mediaUrl: null },
      {
        day: 2,
        body: 'Day 2: look up.\nhttps://w.example/d2',
        mediaUrl: `${PUBLIC_URL}${image.url}`,
      },
      { day: 3, body: 'Well done!', mediaUrl: null },
    ];
    for (const { day, body, mediaUrl } of expected) {
      const response = await sendTest(host.auth, { to: newPhone(), productId, day });
      expect(response.statusCode, `day ${day}`).toBe(201);
      expect(response.json().message).toMatchObject({
        kind: 'test',
        body,
        mediaUrl,
        day,
        programId: null,
        segments: 1,
      });
    }
  });

  it("fills a product day's fields from the contact it goes to and gives it a real short link", async () => {
    const host = await staff();
    // This server's short links (PUBLIC_URL/l) are longer than 25: the URL keeps the 25.
    const guide = 'https://w.example/g1';
    const productId = await createProduct(host.auth, {
      days: 1,
      preMessage: {
        ...message('Hi {first_name|there}, {program_name|your program} starts. {days_left} days.'),
        links: [{ url: guide, label: 'Guide' }],
      },
      messages: [message('Day 1')],
      conclusionMessage: message('Bye'),
    });
    const grace = await participant({ firstName: 'Grace' });

    const response = await sendTest(host.auth, { contactId: grace.id, productId, day: 0 });
    expect(response.statusCode).toBe(201);
    const sent = response.json().message as ApiMessageDetail;
    const base = ctx.app.config.messageSettings.shortLinkBase;
    expect(sent.body).toMatch(
      new RegExp(`^Hi Grace, your program starts\\. 2 days\\.\\n${base}/([0-9A-Za-z]{7})$`),
    );
    const code = sent.body.slice(-7);
    const opened = await ctx.app.inject({ method: 'GET', url: `/l/${code}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(guide);

    const toPhone = await sendTest(host.auth, { to: newPhone(), productId, day: 0 });
    expect((toPhone.json().message as ApiMessageDetail).body).toMatch(/^Hi there, your program/);
  });

  it('refuses a number that opted out: a contact with the phone, or the last consent event of the phone', async () => {
    const host = await staff();
    const optedOut = await participant({ smsOptedOutAt: new Date('2026-03-14T17:00:00Z') });
    const refusal = formatMessage(serverTexts.testSends.api.optedOut, { date: 'Mar 14, 2026' });

    const byContact = await sendTest(host.auth, { contactId: optedOut.id, body: 'Hi' });
    expect(byContact.statusCode).toBe(409);
    expect(byContact.json()).toEqual({ error: refusal });
    // The same phone typed, and another contact sharing it, are refused alike.
    await participant({ phone: optedOut.phone });
    const byPhone = await sendTest(host.auth, { to: optedOut.phone, body: 'Hi' });
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.json()).toEqual({ error: refusal });

    // A number Tidings knows only from its STOP.
    const stranger = newPhone();
    await ctx.db.insert(consentEvents).values({
      contactId: null,
      phone: stranger,
      event: 'opted_out',
      source: 'keyword',
      keyword: 'STOP',
      text: 'STOP',
      at: new Date('2026-04-02T15:00:00Z'),
    });
    const unknown = await sendTest(host.auth, { to: stranger, body: 'Hi' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toEqual({
      error: formatMessage(serverTexts.testSends.api.optedOut, { date: 'Apr 2, 2026' }),
    });

    const refused = await ctx.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.createdBy, host.user.id));
    expect(refused).toEqual([]);

    // Its START since is the last word: it may be texted again.
    await ctx.db.insert(consentEvents).values({
      contactId: null,
      phone: stranger,
      event: 'opted_in',
      source: 'keyword',
      keyword: 'START',
      text: 'start',
      at: new Date('2026-04-03T15:00:00Z'),
    });
    expect((await sendTest(host.auth, { to: stranger, body: 'Welcome back' })).statusCode).toBe(
      201,
    );
  });

  describe('bad input: 400 with the field named, and nothing queued', () => {
    let host: { auth: Auth };
    let productId: string;
    let noPhone: { id: string };
    let mediaName: string;

    beforeAll(async () => {
      host = await staff();
      productId = await createProduct(host.auth, {
        name: 'Sleep Reset',
        days: 2,
        preMessage: message('Hello'),
        messages: [message('One'), message('Two')],
        conclusionMessage: message('Bye'),
      });
      noPhone = await participant({ phone: null });
      mediaName = (await upload(host.auth)).url.split('/').pop()!;
    });

    const phone = '+15035550999';
    const cases: [string, () => object, string, () => string][] = [
      ['no recipient', () => ({ body: 'Hi' }), 'to', () => t.recipientRequired],
      [
        'a phone and a contact',
        () => ({ to: phone, contactId: noPhone.id, body: 'Hi' }),
        'contactId',
        () => t.oneRecipient,
      ],
      ['no content', () => ({ to: phone }), 'body', () => t.contentRequired],
      ['a blank text', () => ({ to: phone, body: '   ' }), 'body', () => t.contentRequired],
      [
        'text and a product day',
        () => ({ to: phone, body: 'Hi', productId, day: 1 }),
        'productId',
        () => t.oneContent,
      ],
      [
        'a phone too short',
        () => ({ to: '555-0123', body: 'Hi' }),
        'to',
        () => messages.contacts.phoneTooShort,
      ],
      [
        'a phone too long',
        () => ({ to: '+1 503 555 0123 45678', body: 'Hi' }),
        'to',
        () => messages.contacts.phoneTooLong,
      ],
      [
        'words for a phone',
        () => ({ to: 'call me', body: 'Hi' }),
        'to',
        () => messages.contacts.phoneTooShort,
      ],
      [
        'a phone that is no text',
        () => ({ to: 5035550123, body: 'Hi' }),
        'to',
        () => t.invalidPhone,
      ],
      [
        'a malformed contact id',
        () => ({ contactId: 'ana', body: 'Hi' }),
        'contactId',
        () => t.invalidContactId,
      ],
      [
        'an unknown contact',
        () => ({ contactId: randomUUID(), body: 'Hi' }),
        'contactId',
        () => serverTexts.testSends.api.contactNotFound,
      ],
      [
        'a contact without a phone',
        () => ({ contactId: noPhone.id, body: 'Hi' }),
        'contactId',
        () => serverTexts.testSends.api.contactNoPhone,
      ],
      [
        'a text over 160 characters',
        () => ({ to: phone, body: 'a'.repeat(161) }),
        'body',
        () => formatMessage(t.bodyTooLong, { max: 160 }),
      ],
      ['a text that is no text', () => ({ to: phone, body: 42 }), 'body', () => t.invalidBody],
      [
        'media from elsewhere',
        () => ({ to: phone, body: 'Hi', mediaUrl: 'https://example.com/cat.png' }),
        'mediaUrl',
        () => t.mediaNotFound,
      ],
      [
        'an uploaded name on another host',
        () => ({ to: phone, body: 'Hi', mediaUrl: `https://evil.example/media/${mediaName}` }),
        'mediaUrl',
        () => t.mediaNotFound,
      ],
      [
        'a media URL of Tidings that names no upload',
        () => ({ to: phone, body: 'Hi', mediaUrl: '/media/AAAAAAAAAAAAAAAAAAAAAA.png' }),
        'mediaUrl',
        () => t.mediaNotFound,
      ],
      [
        'media with a product day',
        () => ({ to: phone, productId, day: 1, mediaUrl: `/media/${mediaName}` }),
        'mediaUrl',
        () => t.mediaWithProduct,
      ],
      [
        'a malformed product id',
        () => ({ to: phone, productId: 'walks', day: 1 }),
        'productId',
        () => t.invalidProductId,
      ],
      [
        'an unknown product',
        () => ({ to: phone, productId: randomUUID(), day: 1 }),
        'productId',
        () => serverTexts.testSends.api.productNotFound,
      ],
      [
        'a day without its product',
        () => ({ to: phone, day: 1 }),
        'productId',
        () => t.productRequired,
      ],
      ['a product without its day', () => ({ to: phone, productId }), 'day', () => t.dayRequired],
      [
        'a day past the conclusion',
        () => ({ to: phone, productId, day: 4 }),
        'day',
        () =>
          formatMessage(serverTexts.testSends.api.dayOutOfRange, {
            product: 'Sleep Reset',
            max: 3,
            days: 2,
          }),
      ],
      [
        'a negative day',
        () => ({ to: phone, productId, day: -1 }),
        'day',
        () => formatMessage(t.invalidDay, { max: 366 }),
      ],
      [
        'a day that is no whole number',
        () => ({ to: phone, productId, day: 1.5 }),
        'day',
        () => formatMessage(t.invalidDay, { max: 366 }),
      ],
    ];

    it.each(cases)('refuses %s', async (_name, payload, field, message) => {
      const before = await outboxCount();
      const response = await sendTest(host.auth, payload());
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toBe(message());
      expect(body.details).toContainEqual({ field, message: message() });
      expect(await outboxCount()).toBe(before);
    });

    it('names every field that is wrong at once', async () => {
      const response = await sendTest(host.auth, {
        contactId: randomUUID(),
        body: 'Hi',
        mediaUrl: 'https://example.com/cat.png',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { field: 'contactId', message: serverTexts.testSends.api.contactNotFound },
        { field: 'mediaUrl', message: t.mediaNotFound },
      ]);
    });

    it('takes a text of exactly 160 characters', async () => {
      const response = await sendTest(host.auth, { to: newPhone(), body: 'a'.repeat(160) });
      expect(response.statusCode).toBe(201);
    });
  });

  it('limits each user to 10 sends in 10 minutes; refused requests do not count, other users are not held', async () => {
    const busy = await staff();
    const other = await staff();
    // Bad input and an opted-out number are answered but not counted.
    expect((await sendTest(busy.auth, { body: 'Hi' })).statusCode).toBe(400);
    const optedOut = await participant({ smsOptedOutAt: new Date() });
    expect((await sendTest(busy.auth, { contactId: optedOut.id, body: 'Hi' })).statusCode).toBe(
      409,
    );

    for (let i = 0; i < TEST_SEND_LIMIT.max; i++) {
      const response = await sendTest(busy.auth, { to: newPhone(), body: `Test ${i + 1}` });
      expect(response.statusCode, `send ${i + 1}`).toBe(201);
    }
    const before = await outboxCount();
    const limited = await sendTest(busy.auth, { to: newPhone(), body: 'One more' });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(TEST_SEND_LIMIT.windowMs / 1000);
    expect(limited.json()).toEqual({
      error: formatMessage(serverTexts.testSends.api.tooMany, {
        max: TEST_SEND_LIMIT.max,
        window: TEST_SEND_LIMIT.windowMs / 60_000,
        minutes: Math.ceil(retryAfter / 60),
      }),
    });
    expect(await outboxCount()).toBe(before);

    expect((await sendTest(other.auth, { to: newPhone(), body: 'Mine' })).statusCode).toBe(201);
  });
});

describe('the engine sends a test message at once', () => {
  /** The next 2:00 am in New York: deep in its quiet hours. */
  function nextNightInNewYork(): Date {
    const zone = 'America/New_York';
    const today = wallClock(new Date(), zone).date;
    const tonight = zonedInstant(today, '02:00', zone);
    return tonight.getTime() > Date.now()
      ? tonight
      : zonedInstant(addDays(today, 1), '02:00', zone);
  }

  it('in quiet hours too: queued, sending, sent and delivered through the log provider', async () => {
    const night = nextNightInNewYork();
    // The server's clock (and its engine's) is moved to the night, as the browser tests move it.
    const server = await startSignedInApp({
      PUBLIC_URL,
      NODE_ENV: 'test',
      TIDINGS_TEST_CLOCK_OFFSET_MS: String(night.getTime() - Date.now()),
    });
    const clock = engineClock(server.app.config);
    const engine = createDeliveryEngine({
      db: server.db,
      config: server.app.config,
      log: server.app.log,
      now: clock,
      planner: false,
      pollMs: 100,
    });
    try {
      expect(engine.provider.name).toBe('log');
      // A message that keeps New York's quiet hours waits for the morning meanwhile.
      const [waiting] = await server.db
        .insert(outboundMessages)
        .values({
          kind: 'reply',
          toPhone: '+12125550100',
          body: 'Program-like',
          timeZone: 'America/New_York',
          sendAfter: clock(),
        })
        .returning();
      engine.start();

      const response = await sendTest(server.auth, { to: '+12125550101', body: 'At 2 am' }, server);
      expect(response.statusCode).toBe(201);
      const id = (response.json().message as ApiMessageDetail).id;

      let message: ApiMessageDetail | undefined;
      for (let i = 0; i < 100; i++) {
        const read = await server.app.inject({ url: `/api/messages/${id}`, headers: server.auth });
        message = read.json().message as ApiMessageDetail;
        if (message.status === 'delivered') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(message!.status).toBe('delivered');
      expect(message!.history.map((event) => event.status)).toEqual([
        'queued',
        'sending',
        'sent',
        'delivered',
      ]);
      expect(message!.sentAt).not.toBeNull();

      const held = (
        await server.db.select().from(outboundMessages).where(eq(outboundMessages.id, waiting!.id))
      )[0]!;
      expect(held.status).toBe('queued');
      expect(held.sendAfter).toEqual(quietHoursEnd(clock(), 'America/New_York'));
    } finally {
      await engine.stop();
      await server.close();
    }
  });
});
