import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessageEvents, outboundMessages, users } from '../../src/server/db/schema';
import { createTwilioProvider, statusCallbackUrl } from '../../src/server/delivery/twilio-provider';
import type { MessageStatus } from '../../src/shared/delivery';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import {
  FAKE_TWILIO,
  FAKE_TWILIO_ENV,
  startFakeTwilio,
  type FakeTwilioServer,
} from '../helpers/fake-twilio';
import { freePort } from '../helpers/server';
import { createUser, startTestApp, type TestContext } from './helpers/app';

const PUBLIC_URL = 'https://tidings.example.org';
const TWILIO_ENV = {
  ...FAKE_TWILIO_ENV,
  DISPATCHER: 'off',
};

let ctx: TestContext;
let sidCounter = 0;

beforeAll(async () => {
  ctx = await startTestApp({ ...TWILIO_ENV, PUBLIC_URL });
});
afterAll(() => ctx.close());

/** A message the dispatcher handed to Twilio: `sent`, with Twilio's id. */
async function sentMessage(overrides: Partial<typeof outboundMessages.$inferInsert> = {}) {
  sidCounter += 1;
  const sid = `SM${String(sidCounter).padStart(32, '0')}`;
  const [row] = await ctx.db
    .insert(outboundMessages)
    .values({
      kind: 'program',
      toPhone: '+15035550100',
      body: 'Day 1: walk ten minutes',
      status: 'sent',
      providerMessageId: sid,
      sentAt: new Date(),
      attempts: 1,
      ...overrides,
    })
    .returning();
  return { id: row!.id, sid };
}

const rowOf = async (id: string) =>
  (await ctx.db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;
const historyOf = async (id: string) =>
  (
    await ctx.db
      .select()
      .from(outboundMessageEvents)
      .where(eq(outboundMessageEvents.messageId, id))
      .orderBy(outboundMessageEvents.at)
  ).map((e) => [e.status, e.source, e.errorCode]);

/** A status callback as Twilio posts it, signed with `authToken` over `signedUrl` unless told. */
function callback(
  messageId: string,
  params: Record<string, string>,
  options: { signature?: string | null; signedUrl?: string; app?: TestContext } = {},
) {
  const path = `/api/webhooks/twilio/status?message=${encodeURIComponent(messageId)}`;
  const form = { AccountSid: FAKE_TWILIO.accountSid, ApiVersion: '2010-04-01', ...params };
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(
          FAKE_TWILIO.authToken,
          options.signedUrl ?? `${PUBLIC_URL}${path}`,
          form,
        )
      : options.signature;
  return (options.app ?? ctx).app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

const status = (sid: string, messageStatus: string, extra: Record<string, string> = {}) => ({
  MessageSid: sid,
  SmsSid: sid,
  MessageStatus: messageStatus,
  SmsStatus: messageStatus,
  To: '+15035550100',
  From: FAKE_TWILIO.from,
  ...extra,
});

describe('POST /api/webhooks/twilio/status', () => {
  it('moves a sent message to delivered on a validly signed callback, and answers 204', async () => {
    const { id, sid } = await sentMessage();
    const response = await callback(id, status(sid, 'delivered'));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const row = await rowOf(id);
    expect(row.status).toBe('delivered');
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(await historyOf(id)).toEqual([['delivered', 'provider', null]]);
  });

  it('refuses a callback with an invalid or missing signature (403) and changes nothing', async () => {
    const { id, sid } = await sentMessage();
    const forged = await callback(id, status(sid, 'delivered'), {
      signature: 'bm90IGEgc2lnbmF0dXJl',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ error: serverTexts.delivery.api.invalidSignature });
    expect((await callback(id, status(sid, 'delivered'), { signature: null })).statusCode).toBe(
      403,
    );
    // Signed with another account's token, or for another message's URL.
    const otherToken = twilio.getExpectedTwilioSignature(
      'another-token',
      `${PUBLIC_URL}/api/webhooks/twilio/status?message=${id}`,
      { ...status(sid, 'delivered'), AccountSid: FAKE_TWILIO.accountSid, ApiVersion: '2010-04-01' },
    );
    expect(
      (await callback(id, status(sid, 'delivered'), { signature: otherToken })).statusCode,
    ).toBe(403);
    const otherUrl = `${PUBLIC_URL}/api/webhooks/twilio/status?message=${(await sentMessage()).id}`;
    expect((await callback(id, status(sid, 'delivered'), { signedUrl: otherUrl })).statusCode).toBe(
      403,
    );
    // Signed, then changed on the way.
    const signed = status(sid, 'sent');
    const path = `/api/webhooks/twilio/status?message=${id}`;
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(
          FAKE_TWILIO.authToken,
          `${PUBLIC_URL}${path}`,
          signed,
        ),
      },
      payload: new URLSearchParams({ ...signed, MessageStatus: 'undelivered' }).toString(),
    });
    expect(tampered.statusCode).toBe(403);
    expect((await rowOf(id)).status).toBe('sent');
    expect(await historyOf(id)).toEqual([]);
  });

  it('ignores a duplicate callback and a late one: a status only moves forward', async () => {
    const { id, sid } = await sentMessage();
    expect((await callback(id, status(sid, 'delivered'))).statusCode).toBe(204);
    const deliveredAt = (await rowOf(id)).deliveredAt;
    expect((await callback(id, status(sid, 'delivered'))).statusCode).toBe(204);
    expect((await callback(id, status(sid, 'sent'))).statusCode).toBe(204);
    expect(
      (await callback(id, status(sid, 'undelivered', { ErrorCode: '30003' }))).statusCode,
    ).toBe(204);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'delivered', errorCode: null, deliveredAt });
    expect(await historyOf(id)).toEqual([['delivered', 'provider', null]]);
  });

  it('keeps the error code of an undelivered message with the words for it', async () => {
    const { id, sid } = await sentMessage();
    await callback(id, status(sid, 'undelivered', { ErrorCode: '30007' }));
    expect(await rowOf(id)).toMatchObject({
      status: 'undelivered',
      errorCode: '30007',
      errorMessage: messages.delivery.twilioErrors['30007'],
      deliveredAt: null,
    });
    expect(await historyOf(id)).toEqual([['undelivered', 'provider', '30007']]);
  });

  it('names an unlisted error code, or takes the words Twilio sent with it', async () => {
    const first = await sentMessage();
    await callback(first.id, status(first.sid, 'failed', { ErrorCode: '30999' }));
    expect((await rowOf(first.id)).errorMessage).toBe('Twilio error 30999.');
    const second = await sentMessage();
    await callback(
      second.id,
      status(second.sid, 'failed', { ErrorCode: '30998', ErrorMessage: 'Odd failure' }),
    );
    expect((await rowOf(second.id)).errorMessage).toBe('Odd failure');
  });

  it('marks the contact opted out on 21610 and cancels what still waits for them', async () => {
    const { user } = await createUser(ctx.db, {
      role: 'participant',
      phone: '+15035550177',
      smsVerified: true,
    });
    const { id, sid } = await sentMessage({ contactId: user.id, toPhone: '+15035550177' });
    const waiting = await sentMessage({
      contactId: user.id,
      status: 'queued',
      providerMessageId: null,
    });
    await callback(id, status(sid, 'failed', { ErrorCode: '21610' }));
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      errorCode: '21610',
      errorMessage: messages.delivery.twilioErrors['21610'],
    });
    const [contact] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(contact!.smsOptedOutAt).toBeInstanceOf(Date);
    expect((await rowOf(waiting.id)).status).toBe('canceled');
  });

  it('settles a message whose fate was unknown, and one still marked sending', async () => {
    for (const from of ['unknown', 'sending'] as MessageStatus[]) {
      const { id, sid } = await sentMessage({ status: from, providerMessageId: null });
      await callback(id, status(sid, 'sent'));
      expect(await rowOf(id)).toMatchObject({ status: 'sent', providerMessageId: sid });
    }
  });

  it('ignores a callback about an earlier attempt of a message sent again since', async () => {
    const { id } = await sentMessage();
    await callback(id, status('SMearlierattempt', 'undelivered', { ErrorCode: '30003' }));
    expect((await rowOf(id)).status).toBe('sent');
  });

  it('answers 204 and records nothing for statuses with nothing to record, unknown and malformed ids', async () => {
    const { id, sid } = await sentMessage();
    for (const queued of ['queued', 'accepted', 'sending', '']) {
      expect((await callback(id, status(sid, queued))).statusCode).toBe(204);
    }
    expect((await rowOf(id)).status).toBe('sent');
    const unknown = await callback(
      '6f1d7a52-3a43-4b6f-9b0e-0c1f7b0c5e11',
      status(sid, 'delivered'),
    );
    expect(unknown.statusCode).toBe(204);
    expect((await callback('nonsense', status(sid, 'delivered'))).statusCode).toBe(204);
  });

  it('takes the callbacks the Twilio client asked for, signed as Twilio signs them', async () => {
    // The app listens at its PUBLIC_URL, where the fake posts the callback of each message.
    const fake: FakeTwilioServer = await startFakeTwilio();
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const live = await startTestApp({
      ...TWILIO_ENV,
      PUBLIC_URL: publicUrl,
      TWILIO_API_URL: fake.url,
    });
    try {
      await live.app.listen({ port, host: '127.0.0.1' });
      const provider = createTwilioProvider(live.app.config.twilio!, publicUrl);
      const [row] = await live.db
        .insert(outboundMessages)
        .values({ kind: 'test', toPhone: '+15035550123', body: 'Hello', status: 'sending' })
        .returning({ id: outboundMessages.id });
      const sent = await provider.send({
        id: row!.id,
        to: '+15035550123',
        body: 'Hello',
        mediaUrl: null,
      });
      expect(sent.ok).toBe(true);
      const sid = fake.messages[0]!.sid;
      expect(fake.messages[0]!.statusCallback).toBe(statusCallbackUrl(publicUrl, row!.id));
      expect(await fake.callback(sid, 'sent')).toBe(204);
      expect(await fake.callback(sid, 'delivered')).toBe(204);
      expect(await fake.callback(sid, 'delivered', {}, { signature: 'forged' })).toBe(403);
      const [settled] = await live.db
        .select()
        .from(outboundMessages)
        .where(eq(outboundMessages.id, row!.id));
      expect(settled).toMatchObject({ status: 'delivered', providerMessageId: sid });
    } finally {
      await live.close();
      await fake.close();
    }
  });

  it('answers bad bodies with a 4xx, never a 5xx', async () => {
    const { id } = await sentMessage();
    const bodies: [string | undefined, string][] = [
      ['application/json', '{"MessageStatus":"delivered"}'],
      ['application/json', '{"MessageStatus":'],
      ['application/x-www-form-urlencoded', 'MessageStatus=%00delivered'],
      [
        'application/x-www-form-urlencoded',
        '%E0%A4%A=&&=x&MessageStatus=delivered&MessageStatus=sent',
      ],
      ['application/x-www-form-urlencoded', ''],
      ['text/plain', 'MessageStatus=delivered'],
      [undefined, ''],
    ];
    for (const [contentType, payload] of bodies) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/webhooks/twilio/status?message=${id}`,
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
    expect((await rowOf(id)).status).toBe('sent');
  });

  it('refuses a form body over the 1 MiB body limit (413)', async () => {
    const { id } = await sentMessage();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/twilio/status?message=${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `Body=${'x'.repeat(1024 * 1024)}`,
    });
    expect(response.statusCode).toBe(413);
  });

  it('is not there (404) when the provider is the log provider', async () => {
    const logApp = await startTestApp({});
    try {
      const { id, sid } = await sentMessage();
      const response = await callback(id, status(sid, 'delivered'), { app: logApp });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: serverTexts.server.notFound });
    } finally {
      await logApp.close();
    }
  });
});
