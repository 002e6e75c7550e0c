import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { applyStatusReport } from '../../src/server/delivery/status';
import {
  outboundMessages,
  programEnrollments,
  shortLinks,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../src/server/db/schema';
import { uuidV7 } from '../../src/server/db/ids';
import { createMailTransport } from '../../src/server/mail/transport';
import { EMAIL_TEXTS } from '../../src/server/mail/texts';
import { createMailWorker } from '../../src/server/mail/worker';
import { deleteOldWebhookEvents, WEBHOOK_RETENTION_MS } from '../../src/server/webhooks/retention';
import { createWebhookWorker, type WebhookWorkerOptions } from '../../src/server/webhooks/worker';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { webhookEventBody } from '../../src/shared/webhook-events';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_POLICY,
  type WebhookEventType,
} from '../../src/shared/webhooks';
import { FAKE_TWILIO_ENV } from '../helpers/fake-twilio';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';
import { leadOf, rollingProgram, START } from './helpers/rolling';
import { signedReply, stubProvider } from './helpers/sms';

/**
 * Webhooks (issue 29): admins' endpoints, the events the database writes with each change, and
 * the worker that signs and sends them (checked by a local consumer with the `standardwebhooks`
 * package), retries them, gives up on them and disables an endpoint that keeps failing.
 */

const t = messages.webhooks;
const PUBLIC_URL = 'https://tidings.example.org';
const log = Fastify().log;

let ctx: TestContext;
let receiver: WebhookReceiver;
let smtp: TestSmtpServer;
let admin: { id: string; email: string; auth: Record<string, string> };
let clock: Date | null = null;
const now = () => clock ?? new Date();

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Tidings <tidings@example.org>',
    ...FAKE_TWILIO_ENV,
    PUBLIC_URL,
    DISPATCHER: 'off',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
  });
  receiver = await startWebhookReceiver();
  const { user, password } = await createUser(ctx.db, { role: 'admin', firstName: 'Wanda' });
  admin = {
    id: user.id,
    email: user.email,
    auth: bearer(await loginAs(ctx.app, user.email, password!)),
  };
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  clock = null;
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 204 });
  await ctx.db.delete(webhookEndpoints);
  await ctx.db.delete(webhookEvents);
});

const worker = (options: Partial<WebhookWorkerOptions> = {}) =>
  createWebhookWorker({ db: ctx.db, log, allowLoopback: true, now, ...options });

async function addEndpoint(payload: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: admin.auth,
    payload: { url: `${receiver.url}/hook`, events: [...WEBHOOK_EVENT_TYPES], ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { webhook: { id: string }; secret: string };
  return { id: body.webhook.id, secret: body.secret, body };
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin.auth, payload });

const deliveriesOf = (endpointId: string) =>
  ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('endpoints', () => {
  it('adds an endpoint and answers its whsec_ secret once; lists, reads, changes and deletes it', async () => {
    const { id, secret, body } = await addEndpoint({
      description: 'CRM',
      events: ['message.sent'],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(body.webhook).toMatchObject({
      url: `${receiver.url}/hook`,
      description: 'CRM',
      events: ['message.sent'],
      enabled: true,
      createdBy: { id: admin.id, fullName: expect.stringContaining('Wanda') },
      failingSince: null,
      disabledAt: null,
      previousSecretUntil: null,
    });
    const list = await api('GET', '/api/webhooks?page=1&perPage=10');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    expect(JSON.stringify(list.json())).not.toContain(secret);
    const read = await api('GET', `/api/webhooks/${id}`);
    expect(read.json().webhook.id).toBe(id);
    expect(read.body).not.toContain(secret);

    const changed = await api('PUT', `/api/webhooks/${id}`, {
      url: `${receiver.url}/other`,
      description: '',
      events: ['contact.created', 'contact.created', 'link.clicked'],
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().webhook).toMatchObject({
      url: `${receiver.url}/other`,
      events: ['contact.created', 'link.clicked'],
      enabled: false,
    });
    expect((await api('DELETE', `/api/webhooks/${id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/webhooks/${id}`)).statusCode).toBe(404);
  });

  it("refuses bad input with the form's words next to the field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: '' }, 'url', t.urlRequired],
      [{ url: 'ftp://example.org/x' }, 'url', t.urlInvalid],
      [
        { url: 'https://example.org/' + 'x'.repeat(2001) },
        'url',
        formatMessage(t.urlTooLong, { max: 2000 }),
      ],
      [{ events: [] }, 'events', t.eventsRequired],
      [{ events: ['message.opened'] }, 'events.0', t.eventInvalid],
      [
        { description: 'x'.repeat(501) },
        'description',
        formatMessage(t.descriptionTooLong, { max: 500 }),
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await api('POST', '/api/webhooks', {
        url: 'https://example.org/hook',
        events: ['message.sent'],
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().details).toContainEqual({ field, message });
    }
  });

  it('refuses private, link-local and unspecified addresses when the endpoint is saved', async () => {
    for (const host of ['10.1.2.3', '192.168.0.10', '169.254.169.254', '0.0.0.0', '100.64.0.1']) {
      const response = await api('POST', '/api/webhooks', {
        url: `https://${host}/hook`,
        events: ['message.sent'],
      });
      expect(response.statusCode, host).toBe(400);
      expect(response.json().details[0].field, host + response.body).toBe('url');
      expect(response.json().details[0].message, host + response.body).toContain(
        'Tidings does not send to this address',
      );
    }
  });

  it('is for admins; an admin API key reads the endpoints but cannot change them', async () => {
    const { user, password } = await createUser(ctx.db, { role: 'host', firstName: 'Hal' });
    const host = bearer(await loginAs(ctx.app, user.email, password!));
    const asHost = await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: host });
    expect(asHost.statusCode).toBe(403);
    expect(asHost.json().error).toBe(t.adminsOnly);

    const key = await api('POST', '/api/api-keys', { name: 'ops', role: 'admin' });
    const keyAuth = bearer(key.json().secret);
    const { id } = await addEndpoint();
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: keyAuth })).statusCode,
    ).toBe(200);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: keyAuth,
      payload: { url: 'https://example.org/x', events: ['message.sent'] },
    });
    expect(created.statusCode).toBe(403);
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/${id}/rotate-secret`,
      headers: keyAuth,
    });
    expect(rotated.statusCode).toBe(403);
  });
});

describe('delivery', () => {
  it('sends a test event signed so that the standardwebhooks package verifies it, and logs the call', async () => {
    const { id, secret } = await addEndpoint({ events: ['message.sent'] });
    const queued = await api('POST', `/api/webhooks/${id}/test`);
    expect(queued.statusCode, queued.body).toBe(202);
    await worker().drain();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const payload = receiver.verify(request!, secret);
    expect(payload).toMatchObject({ type: 'webhook.test', data: { webhookId: id } });
    expect(webhookEventBody('webhook.test').safeParse(payload).error).toBeUndefined();
    expect(request!.headers['webhook-id']).toBe(queued.json().delivery.eventId);
    expect(() =>
      receiver.verify(request!, `whsec_${Buffer.alloc(32, 1).toString('base64')}`),
    ).toThrow();

    const logged = await api('GET', `/api/webhooks/${id}/attempts`);
    expect(logged.statusCode).toBe(200);
    expect(logged.json().attempts).toEqual([
      expect.objectContaining({
        eventType: 'webhook.test',
        eventId: queued.json().delivery.eventId,
        attempt: 1,
        statusCode: 204,
        succeeded: true,
        deliveryStatus: 'succeeded',
        nextAttemptAt: null,
      }),
    ]);
  });

  it('retries a 500 and a time-out on the backoff schedule, then gives up after the last try', async () => {
    const { id } = await addEndpoint();
    receiver.answer = () => ({ status: 500 });
    await api('POST', `/api/webhooks/${id}/test`);
    const start = new Date(Date.now() + 1000);
    clock = start;
    const sender = worker({ timeoutMs: 300 });
    await sender.drain();
    expect(receiver.received).toHaveLength(1);
    let [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ status: 'queued', attempts: 1, lastStatusCode: 500 });
    expect(delivery!.nextAttemptAt.getTime() - clock.getTime()).toBe(
      WEBHOOK_POLICY.retryDelaysMs[0],
    );

    // Not due a moment before its time.
    clock = new Date(delivery!.nextAttemptAt.getTime() - 1);
    await sender.drain();
    expect(receiver.received).toHaveLength(1);

    // The second try times out: no answer within the call's limit.
    receiver.answer = () => ({ status: 204, delayMs: 1_000 });
    clock = delivery!.nextAttemptAt;
    await sender.drain();
    expect(receiver.received).toHaveLength(2);
    [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ status: 'queued', attempts: 2, lastStatusCode: null });
    expect(delivery!.lastError).toContain('No answer within');
    expect(delivery!.nextAttemptAt.getTime() - clock.getTime()).toBe(
      WEBHOOK_POLICY.retryDelaysMs[1],
    );

    receiver.answer = () => ({ status: 503 });
    for (let i = 2; i <= WEBHOOK_POLICY.retryDelaysMs.length; i++) {
      [delivery] = await deliveriesOf(id);
      clock = delivery!.nextAttemptAt;
      await sender.drain();
    }
    [delivery] = await deliveriesOf(id);
    const tries = WEBHOOK_POLICY.retryDelaysMs.length + 1;
    expect(delivery).toMatchObject({ status: 'failed', attempts: tries });
    expect(receiver.received).toHaveLength(tries);
    const lastTry = clock.getTime() - start.getTime();
    expect(lastTry / 3_600_000).toBeGreaterThanOrEqual(72);

    // Resend: once more, with the same webhook-id.
    receiver.answer = () => ({ status: 200 });
    const resent = await api('POST', `/api/webhooks/${id}/deliveries/${delivery!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    clock = null;
    await sender.drain();
    expect(receiver.received).toHaveLength(tries + 1);
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(
      receiver.received[0]!.headers['webhook-id'],
    );
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'succeeded' });
  });

  it('disables an endpoint that has failed for five days; nothing more is queued for it', async () => {
    const { id } = await addEndpoint({ events: ['contact.created'] });
    receiver.answer = () => ({ status: 500 });
    const start = new Date(Date.now() + 1000);
    clock = start;
    await api('POST', `/api/webhooks/${id}/test`);
    await worker().drain();
    expect((await api('GET', `/api/webhooks/${id}`)).json().webhook).toMatchObject({
      enabled: true,
      failingSince: start.toISOString(),
    });
    // A success in between starts the count again.
    receiver.answer = () => ({ status: 200 });
    clock = new Date(start.getTime() + 60_000);
    await api('POST', `/api/webhooks/${id}/test`);
    await worker().drain();
    expect((await api('GET', `/api/webhooks/${id}`)).json().webhook.failingSince).toBeNull();

    receiver.answer = () => ({ status: 500 });
    clock = new Date(start.getTime() + 120_000);
    await api('POST', `/api/webhooks/${id}/test`);
    await worker().drain();
    clock = new Date(clock.getTime() + WEBHOOK_POLICY.disableAfterFailingMs);
    await api('POST', `/api/webhooks/${id}/test`);
    await worker().drain();
    const webhook = (await api('GET', `/api/webhooks/${id}`)).json().webhook;
    expect(webhook).toMatchObject({ enabled: false, disabledAt: clock.toISOString() });

    // Every active admin is told, by email, with a link to the endpoint.
    const mail = createMailWorker({
      db: ctx.db,
      transport: createMailTransport(ctx.app.config, log),
      publicUrl: PUBLIC_URL,
      log,
    });
    await mail.runOnce();
    const [email] = await smtp.waitFor(1);
    expect(email!.envelopeTo).toEqual([admin.email]);
    expect(email!.subject).toBe(EMAIL_TEXTS.webhook_disabled.subject);
    expect(email!.text).toContain(webhook.url);
    expect(email!.text).toContain(`${PUBLIC_URL}/webhooks/${id}`);
    await mail.stop();

    const before = receiver.received.length;
    await createUser(ctx.db, { role: 'participant', firstName: 'Nobody' });
    await api('POST', `/api/webhooks/${id}/test`);
    await worker().drain();
    expect(receiver.received).toHaveLength(before);
    expect(
      await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'contact.created')),
    ).toEqual([]);

    // Enabled again: a fresh start, and what waited goes out.
    receiver.answer = () => ({ status: 200 });
    const enabled = await api('PUT', `/api/webhooks/${id}`, {
      url: webhook.url,
      events: webhook.events,
      enabled: true,
    });
    expect(enabled.json().webhook).toMatchObject({
      enabled: true,
      failingSince: null,
      disabledAt: null,
    });
    await worker().drain();
    expect(receiver.received.length).toBeGreaterThan(before);
  });

  it('signs with both secrets for 24 hours after a rotation, each verifying alone', async () => {
    const { id, secret: oldSecret } = await addEndpoint();
    const rotated = await api('POST', `/api/webhooks/${id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(oldSecret);
    const until = Date.parse(rotated.json().webhook.previousSecretUntil);
    expect(Math.abs(until - (Date.now() + WEBHOOK_POLICY.previousSecretMs))).toBeLessThan(60_000);

    await api('POST', `/api/webhooks/${id}/test`);
    await worker().drain();
    const [request] = receiver.received;
    expect(String(request!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(receiver.verify(request!, newSecret)).toMatchObject({ type: 'webhook.test' });
    expect(receiver.verify(request!, oldSecret)).toMatchObject({ type: 'webhook.test' });

    // The 24 hours are over: the old secret no longer signs.
    await ctx.db
      .update(webhookEndpoints)
      .set({ previousSecretUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, id));
    await api('POST', `/api/webhooks/${id}/test`);
    await worker().drain();
    const later = receiver.received[1]!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(receiver.verify(later, newSecret)).toBeTruthy();
    expect(() => receiver.verify(later, oldSecret)).toThrow();
  });

  it('refuses at call time a name that resolves to a loopback address', async () => {
    const port = new URL(receiver.url).port;
    const { id } = await addEndpoint({ url: `https://localhost:${port}/hook` });
    await api('POST', `/api/webhooks/${id}/test`);
    await worker({ allowLoopback: false }).drain();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(id);
    expect(delivery!.lastError).toMatch(
      /localhost resolves to (127\.0\.0\.1|::1), not an address Tidings sends to/,
    );
  });

  it('writes no event for a change that rolls back, and none while no endpoint wants the type', async () => {
    await createUser(ctx.db, { role: 'participant', firstName: 'Early' });
    expect(await ctx.db.select().from(webhookEvents)).toEqual([]);
    await addEndpoint({ events: ['contact.created'] });
    await ctx.db
      .transaction(async (tx) => {
        await createUser(tx as never, { role: 'participant', firstName: 'Rolled' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await ctx.db.select().from(webhookEvents)).toEqual([]);
    await createUser(ctx.db, { role: 'participant', firstName: 'Kept' });
    const events = await ctx.db.select().from(webhookEvents);
    expect(events.map((e) => [e.type, e.data.firstName])).toEqual([['contact.created', 'Kept']]);
  });
});

describe('retention', () => {
  it('deletes events written more than 30 days ago, with their logs, unless still waiting to go', async () => {
    const { id } = await addEndpoint();
    const old = Date.now() - WEBHOOK_RETENTION_MS - 60_000;
    const event = async (at: number, status: 'succeeded' | 'queued') => {
      const [row] = await ctx.db
        .insert(webhookEvents)
        .values({ id: uuidV7(at), type: 'message.sent', at: new Date(at), data: {} })
        .returning();
      await ctx.db.insert(webhookDeliveries).values({ endpointId: id, eventId: row!.id, status });
      return row!.id;
    };
    await event(old, 'succeeded');
    const waiting = await event(old, 'queued');
    const recent = await event(Date.now() - WEBHOOK_RETENTION_MS + 60_000, 'succeeded');
    expect(await deleteOldWebhookEvents(ctx.db)).toBe(1);
    const left = await ctx.db.select({ id: webhookEvents.id }).from(webhookEvents);
    expect(left.map((e) => e.id).sort()).toEqual([waiting, recent].sort());
    expect(await deliveriesOf(id)).toHaveLength(2);
  });
});

describe('events', () => {
  const rolling = rollingProgram(() => ctx.db);

  it('sends every event type, each with its data, to an endpoint that wants them all', async () => {
    await rolling.reset();
    await ctx.db.execute(sql`truncate outbound_messages cascade`);
    const { secret } = await addEndpoint();

    // contact.created, contact.updated (through the API).
    const contactInput = {
      email: 'hook.contact@example.org',
      role: 'participant',
      status: 'active',
      profile: {
        firstName: 'Hook',
        lastName: 'Contact',
        phone: '(503) 555-0199',
        address: { street: '', city: 'Portland', state: 'OR', zipCode: '' },
        bio: '',
      },
      emailVerified: false,
      smsVerified: false,
      sendOptinMessage: false,
    };
    const created = await api('POST', '/api/contacts', contactInput);
    expect(created.statusCode, created.body).toBe(201);
    const contactId = created.json().contact.id;

    // enrollment.started and program.day_planned: a rolling program plans day 0.
    const ada = await rolling.participant('Ada');
    await rolling.join(ada.id, new Date('2026-03-01T12:00:00Z'));
    await rolling.tickAt(leadOf(START));
    const [message] = await ctx.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.contactId, ada.id));
    expect(message).toBeDefined();

    // message.sent, message.delivered, message.failed.
    await ctx.db
      .update(outboundMessages)
      .set({ sendAfter: new Date(Date.now() - 1000), expiresAt: null, timeZone: null })
      .where(eq(outboundMessages.id, message!.id));
    await createDispatcher({
      db: ctx.db,
      provider: stubProvider(),
      mps: 0,
      cutoffMs: 4 * 3600_000,
      log,
    }).runOnce();
    await applyStatusReport(ctx.db, message!.id, { status: 'delivered' });
    const [other] = await ctx.db
      .insert(outboundMessages)
      .values({ kind: 'test', toPhone: '+15035550198', body: 'Hi', status: 'sent' })
      .returning();
    await applyStatusReport(ctx.db, other!.id, {
      status: 'undelivered',
      errorCode: '30003',
      errorMessage: 'Unreachable',
    });

    // link.clicked.
    await ctx.db.insert(shortLinks).values({
      code: 'hookcode',
      linkIndex: 0,
      url: 'https://example.org/walk',
      messageId: message!.id,
      programId: message!.programId,
      day: 0,
    });
    const click = await ctx.app.inject({
      method: 'GET',
      url: '/l/hookcode',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' },
    });
    expect(click.statusCode).toBe(302);

    // message.received and contact.opted_out, then contact.opted_in.
    expect((await signedReply(ctx.app, PUBLIC_URL, '+15035550199', 'STOP')).statusCode).toBe(200);
    expect((await signedReply(ctx.app, PUBLIC_URL, '+15035550199', 'START')).statusCode).toBe(200);

    // enrollment.finished.
    await ctx.db
      .update(programEnrollments)
      .set({ endedAt: new Date() })
      .where(eq(programEnrollments.contactId, ada.id));
    // contact.updated.
    const updated = await api('PUT', `/api/contacts/${contactId}`, {
      ...contactInput,
      // The START reply verified the phone: the save keeps that.
      smsVerified: true,
      profile: { ...contactInput.profile, lastName: 'Renamed' },
    });
    expect(updated.statusCode, updated.body).toBe(200);

    await worker().drain();
    const types = new Set(receiver.received.map((r) => r.event.type));
    expect([...types].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    // Each verifies, and holds what the API reference's webhooks section says it holds.
    for (const request of receiver.received) {
      const payload = receiver.verify(request, secret) as { type: WebhookEventType };
      const checked = webhookEventBody(payload.type).safeParse(payload);
      expect(checked.error, request.body).toBeUndefined();
    }
    const one = (type: string, which = (_data: Record<string, unknown>) => true) =>
      receiver.ofType(type).find((r) => which(r.event.data))!.event.data;
    expect(one('contact.created')).toMatchObject({
      contactId,
      firstName: 'Hook',
      phone: '+15035550199',
    });
    expect(
      one('contact.updated', (data) => (data.changed as string[]).includes('lastName')),
    ).toMatchObject({
      contactId,
      lastName: 'Renamed',
      changed: ['lastName'],
    });
    expect(one('program.day_planned')).toMatchObject({
      programId: rolling.state.programId,
      day: 0,
      messages: 1,
      status: 'queued',
    });
    expect(one('enrollment.started')).toMatchObject({
      programId: rolling.state.programId,
      contactId: ada.id,
      run: 1,
    });
    expect(one('enrollment.finished')).toMatchObject({
      contactId: ada.id,
      endedAt: expect.any(String),
    });
    expect(one('message.sent')).toMatchObject({
      messageId: message!.id,
      contactId: ada.id,
      day: 0,
      simulated: false,
    });
    expect(one('message.delivered')).toMatchObject({ messageId: message!.id, status: 'delivered' });
    expect(one('message.failed')).toMatchObject({
      messageId: other!.id,
      status: 'undelivered',
      errorCode: '30003',
      errorMessage: 'Unreachable',
      explanation: messages.delivery.twilioErrors['30003'],
    });
    expect(one('link.clicked')).toMatchObject({
      code: 'hookcode',
      url: 'https://example.org/walk',
      contactId: ada.id,
    });
    expect(one('message.received')).toMatchObject({
      from: '+15035550199',
      body: 'STOP',
      contactId,
      intent: 'optout',
    });
    expect(one('contact.opted_out')).toMatchObject({
      phone: '+15035550199',
      source: 'keyword',
      keyword: 'STOP',
      contactId,
    });
    expect(one('contact.opted_in')).toMatchObject({ phone: '+15035550199', source: 'keyword' });
  });
});
