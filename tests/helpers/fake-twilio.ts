import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A local stand-in for Twilio's Messages API, speaking its wire format, so the official `twilio`
 * package (pointed here with TWILIO_API_URL) makes the very requests it makes in production. It
 * records every message it accepts, can be told to fail or stall, and sends signed status
 * callbacks the way Twilio does.
 */

export const FAKE_TWILIO = {
  accountSid: `AC${'0'.repeat(31)}1`,
  authToken: 'fake-twilio-auth-token',
  from: '+15005550006',
} as const;

/** The configuration of a Tidings sending with Twilio under the fake's account. */
export const FAKE_TWILIO_ENV = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
  TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
  TWILIO_FROM: FAKE_TWILIO.from,
} as const;

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  mediaUrls: string[];
  statusCallback: string | null;
  status: string;
  dateCreated: Date;
  /** The form fields exactly as the client sent them. */
  form: Record<string, string | string[]>;
}

/** What the fake answers the next create request with, instead of accepting it. */
export type FakeTwilioFailure =
  | { status: number; code?: number; message?: string }
  /** Never answers (the client times out). */
  | 'hang'
  /** Closes the connection without an answer. */
  | 'reset';

export interface FakeTwilioServer {
  url: string;
  /** Every message accepted, in order. */
  messages: FakeTwilioMessage[];
  /** Every create request, accepted or not. */
  requests: number;
  /** Queues failures for the next create requests, one each. */
  failNext(...failures: FakeTwilioFailure[]): void;
  /** Milliseconds each create request waits before it is answered. */
  latencyMs: number;
  /** Resolves once `count` messages were accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<FakeTwilioMessage[]>;
  /** Posts a signed status callback for a message, as Twilio does; resolves with the HTTP status. */
  callback(
    sid: string,
    status: string,
    extra?: Record<string, string>,
    options?: { signature?: string | null; url?: string },
  ): Promise<number>;
  close(): Promise<void>;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/(AC[0-9a-fA-F]{32})\/Messages\.json$/;

async function readForm(request: IncomingMessage): Promise<Record<string, string | string[]>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) {
    const had = form[key];
    form[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return form;
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function resource(message: FakeTwilioMessage) {
  return {
    sid: message.sid,
    account_sid: FAKE_TWILIO.accountSid,
    to: message.to,
    from: message.from,
    messaging_service_sid: message.messagingServiceSid,
    body: message.body,
    status: message.status,
    num_segments: '1',
    num_media: String(message.mediaUrls.length),
    direction: 'outbound-api',
    api_version: '2010-04-01',
    price: null,
    price_unit: 'USD',
    error_code: null,
    error_message: null,
    uri: `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages/${message.sid}.json`,
    date_created: message.dateCreated.toUTCString(),
    date_updated: message.dateCreated.toUTCString(),
    date_sent: null,
    subresource_uris: {},
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeTwilio(): Promise<FakeTwilioServer> {
  const messages: FakeTwilioMessage[] = [];
  const failures: FakeTwilioFailure[] = [];
  const waiters = new Set<() => void>();
  const stalled = new Set<ServerResponse>();
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;

  const fake: FakeTwilioServer = {
    url: '',
    messages,
    requests: 0,
    latencyMs: 0,
    failNext: (...next) => void failures.push(...next),
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages.slice());
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fake Twilio got ${messages.length} of ${count} messages`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async callback(sid, status, extra = {}, options = {}) {
      const message = messages.find((m) => m.sid === sid);
      const url = options.url ?? message?.statusCallback;
      if (!url) throw new Error(`no status callback for ${sid}`);
      const params: Record<string, string> = {
        MessageSid: sid,
        SmsSid: sid,
        AccountSid: FAKE_TWILIO.accountSid,
        MessageStatus: status,
        SmsStatus: status,
        To: message?.to ?? '',
        From: message?.from ?? FAKE_TWILIO.from,
        ApiVersion: '2010-04-01',
        ...extra,
      };
      const signature =
        options.signature === undefined
          ? twilio.getExpectedTwilioSignature(FAKE_TWILIO.authToken, url, params)
          : options.signature;
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature === null ? {} : { 'x-twilio-signature': signature }),
        },
        body: new URLSearchParams(params).toString(),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: async () => {
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const match = MESSAGES_PATH.exec(url.pathname);
      if (!match) return json(response, 404, { code: 20404, message: 'Not found', status: 404 });
      if (request.headers.authorization !== expectedAuth || match[1] !== FAKE_TWILIO.accountSid) {
        return json(response, 401, { code: 20003, message: 'Authenticate', status: 401 });
      }
      if (request.method === 'GET') {
        const to = url.searchParams.get('To');
        const found = messages.filter((m) => !to || m.to === to).reverse();
        return json(response, 200, {
          messages: found.map(resource),
          page: 0,
          page_size: 50,
          start: 0,
          end: Math.max(0, found.length - 1),
          first_page_uri: url.pathname,
          next_page_uri: null,
          previous_page_uri: null,
          uri: url.pathname,
        });
      }
      fake.requests += 1;
      const form = await readForm(request);
      if (fake.latencyMs > 0) await new Promise((r) => setTimeout(r, fake.latencyMs));
      const failure = failures.shift();
      if (failure === 'hang') return void stalled.add(response);
      if (failure === 'reset') return void response.socket?.destroy();
      if (failure) {
        return json(response, failure.status, {
          code: failure.code ?? failure.status,
          message: failure.message ?? `Fake failure ${failure.code ?? failure.status}`,
          more_info: 'https://www.twilio.com/docs/errors',
          status: failure.status,
        });
      }
      const message: FakeTwilioMessage = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to: one(form.To) ?? '',
        from: one(form.From) ?? null,
        messagingServiceSid: one(form.MessagingServiceSid) ?? null,
        body: one(form.Body) ?? '',
        mediaUrls: form.MediaUrl === undefined ? [] : [form.MediaUrl].flat(),
        statusCallback: one(form.StatusCallback) ?? null,
        status: 'queued',
        dateCreated: new Date(),
        form,
      };
      messages.push(message);
      json(response, 201, resource(message));
      for (const check of [...waiters]) check();
    })().catch(() => response.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
