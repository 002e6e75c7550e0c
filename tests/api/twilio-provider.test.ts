import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SmsProvider } from '../../src/server/delivery/provider';
import { createTwilioProvider, statusCallbackUrl } from '../../src/server/delivery/twilio-provider';
import type { TwilioConfig } from '../../src/server/env';
import { FAKE_TWILIO, startFakeTwilio, type FakeTwilioServer } from '../helpers/fake-twilio';

/**
 * What the official `twilio` package sends to a Twilio-compatible endpoint (the local fake, as
 * TWILIO_API_URL points it), and what each of Twilio's answers means for the message.
 */

const PUBLIC_URL = 'https://tidings.example.org';
const SERVICE_SID = `MG${'a'.repeat(32)}`;
/** Short, so that a send that hangs is given up quickly. */
const TIMEOUT_MS = 500;

let fake: FakeTwilioServer;

const config = (overrides: Partial<TwilioConfig> = {}): TwilioConfig => ({
  accountSid: FAKE_TWILIO.accountSid,
  authToken: FAKE_TWILIO.authToken,
  messagingServiceSid: undefined,
  from: FAKE_TWILIO.from,
  apiUrl: fake.url,
  ...overrides,
});

let provider: SmsProvider;

beforeAll(async () => {
  fake = await startFakeTwilio();
  provider = createTwilioProvider(config(), PUBLIC_URL, { timeoutMs: TIMEOUT_MS });
});
afterEach(() => {
  fake.messages.length = 0;
});
afterAll(() => fake.close());

const sms = (id = '3f0c2f7e-8f8a-4a57-9a57-0f4d3c1f2b10') => ({
  id,
  to: '+15035550100',
  body: 'Day 1: walk ten minutes https://tdg.link/a',
  mediaUrl: null,
});

describe('the Twilio provider', () => {
  it('sends To, From, Body and the status callback with basic auth, and takes the sid (201)', async () => {
    const outcome = await provider.send(sms());
    expect(fake.messages).toHaveLength(1);
    const [sent] = fake.messages;
    expect(outcome).toEqual({ ok: true, providerMessageId: sent!.sid });
    expect(sent!.form).toEqual({
      To: '+15035550100',
      From: FAKE_TWILIO.from,
      Body: 'Day 1: walk ten minutes https://tdg.link/a',
      StatusCallback: statusCallbackUrl(PUBLIC_URL, '3f0c2f7e-8f8a-4a57-9a57-0f4d3c1f2b10'),
    });
    expect(sent!.statusCallback).toBe(
      `${PUBLIC_URL}/api/webhooks/twilio/status?message=3f0c2f7e-8f8a-4a57-9a57-0f4d3c1f2b10`,
    );
  });

  it('sends an MMS with its MediaUrl, through a messaging service when one is set', async () => {
    const service = createTwilioProvider(
      config({ messagingServiceSid: SERVICE_SID, from: undefined }),
      PUBLIC_URL,
    );
    const outcome = await service.send({
      ...sms(),
      mediaUrl: `${PUBLIC_URL}/media/walk.png`,
    });
    expect(outcome.ok).toBe(true);
    expect(fake.messages[0]!.form).toMatchObject({
      MessagingServiceSid: SERVICE_SID,
      MediaUrl: `${PUBLIC_URL}/media/walk.png`,
    });
    expect(fake.messages[0]!.form.From).toBeUndefined();
    expect(service.sender).toBe(SERVICE_SID);
  });

  it('is refused by the endpoint without the account credentials (basic auth)', async () => {
    const wrong = createTwilioProvider(config({ authToken: 'wrong-token' }), PUBLIC_URL);
    const outcome = await wrong.send(sms());
    expect(outcome).toMatchObject({ ok: false, retryable: false, errorCode: '20003' });
    expect(fake.messages).toHaveLength(0);
  });

  it('retries later on throttling (429) and on Twilio outages (500)', async () => {
    fake.failNext({ status: 429, code: 20429, message: 'Too Many Requests' });
    expect(await provider.send(sms())).toMatchObject({
      ok: false,
      retryable: true,
      errorCode: '20429',
      errorMessage: 'Too Many Requests',
    });
    fake.failNext({ status: 500, message: 'Internal error' });
    expect(await provider.send(sms())).toMatchObject({ ok: false, retryable: true });
    expect(fake.messages).toHaveLength(0);
  });

  it('gives up at once on an invalid number (21211)', async () => {
    fake.failNext({ status: 400, code: 21211, message: "The 'To' number is not valid." });
    const outcome = await provider.send(sms());
    expect(outcome).toMatchObject({
      ok: false,
      retryable: false,
      errorCode: '21211',
      errorMessage: "The 'To' number is not valid.",
    });
    expect(outcome.ok === false && outcome.optedOut).toBe(false);
  });

  it('gives up at once on an unsubscribed recipient (21610), who is opted out', async () => {
    fake.failNext({
      status: 400,
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
    });
    expect(await provider.send(sms())).toMatchObject({
      ok: false,
      retryable: false,
      optedOut: true,
      errorCode: '21610',
    });
  });

  it('calls a connection cut after the request an uncertain outcome, never a safe retry', async () => {
    fake.failNext('reset');
    const outcome = await provider.send(sms());
    expect(outcome).toMatchObject({ ok: false, retryable: false, uncertain: true });
  });

  it('calls a request that gets no answer in time an uncertain outcome', async () => {
    fake.failNext('hang');
    const outcome = await provider.send(sms());
    expect(outcome).toMatchObject({ ok: false, retryable: false, uncertain: true });
    expect(fake.requests).toBeGreaterThan(0);
  });

  it('may retry when Twilio cannot be reached at all (nothing was sent)', async () => {
    const closed = await startFakeTwilio();
    const url = closed.url;
    await closed.close();
    const unreachable = createTwilioProvider(config({ apiUrl: url }), PUBLIC_URL);
    expect(await unreachable.send(sms())).toMatchObject({
      ok: false,
      retryable: true,
      errorCode: 'ECONNREFUSED',
    });
  });

  it('finds a message cut off mid-send in the account log, by recipient and text', async () => {
    const claimedAt = new Date();
    const outcome = await provider.send(sms());
    const found = await provider.lookup({ ...sms(), claimedAt });
    expect(found).toMatchObject({
      status: 'sent',
      providerMessageId: outcome.ok ? outcome.providerMessageId : 'none',
    });
    expect(await provider.lookup({ ...sms(), body: 'never sent', claimedAt })).toBeNull();
  });
});
