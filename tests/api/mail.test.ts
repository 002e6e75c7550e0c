import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consumeOneTimeToken } from '../../src/server/auth/one-time-tokens';
import { outboundEmails } from '../../src/server/db/schema';
import { EMAIL_RETRY_DELAYS_MS, MAX_EMAIL_ATTEMPTS } from '../../src/server/mail/backoff';
import {
  createMailTransport,
  smtpTransport,
  type MailTransport,
} from '../../src/server/mail/transport';
import { CLAIM_TIMEOUT_MS, createMailWorker } from '../../src/server/mail/worker';
import { EMAIL_TEXTS } from '../../src/server/mail/texts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';
import {
  bearer,
  createUser,
  loginAs,
  startSecondApp,
  startTestApp,
  type TestContext,
} from './helpers/app';

const PUBLIC_URL = 'https://tidings.example.org';
const MAIL_FROM = 'Tidings <tidings@example.org>';
const MINUTE = 60_000;

let ctx: TestContext;
let auth: Record<string, string>;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await startTestApp({ PUBLIC_URL, MAIL_FROM, SMTP_URL: smtp.url });
  const admin = await createUser(ctx.db, { role: 'admin', firstName: 'Ada' });
  auth = bearer(await loginAs(ctx.app, admin.user.email, admin.password!));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  // Each test drains the outbox itself; another test's leftovers would be claimed too.
  await ctx.db.delete(outboundEmails);
  smtp.received.length = 0;
});

/** The worker's clock: real time plus whatever the test has moved it forward by. */
let offset = 0;
const now = () => new Date(Date.now() + offset);
beforeEach(() => {
  offset = 0;
});

function worker(transport: MailTransport, db = ctx.db) {
  return createMailWorker({ db, transport, publicUrl: PUBLIC_URL, log: ctx.app.log, now });
}

let n = 0;
async function createHost() {
  n += 1;
  const started = performance.now();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers: auth,
    payload: {
      email: `host${n}@example.org`,
      role: 'host',
      status: 'active',
      profile: { firstName: 'Hana', lastName: `Host${n}` },
      emailVerified: false,
      smsVerified: false,
      sendOptinMessage: false,
      sendWelcomeEmail: true,
      password: 'hunter22',
      confirmPassword: 'hunter22',
    },
  });
  const ms = performance.now() - started;
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().welcomeEmailSent).toBe(true);
  return { contact: response.json().contact as { id: string; email: string }, ms };
}

const emailsOf = (userId: string) =>
  ctx.db.select().from(outboundEmails).where(eq(outboundEmails.userId, userId));

function linkIn(text: string): URL {
  const match = /https:\/\/tidings\.example\.org\/\S+/.exec(text);
  expect(match, text).not.toBeNull();
  return new URL(match![0]);
}

/** A port on which nothing listens: a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the mail worker over real SMTP', () => {
  it('sends the welcome email with a working verification link, once', async () => {
    const { contact } = await createHost();
    const [queued] = await emailsOf(contact.id);
    expect(queued).toMatchObject({ status: 'queued', kind: 'welcome' });

    const mail = worker(createMailTransport(ctx.app.config, ctx.app.log));
    expect(await mail.runOnce()).toBe(1);
    const [email] = await smtp.waitFor(1);
    expect(email!.envelopeTo).toEqual([contact.email]);
    expect(email!.headers.get('from')).toBe(MAIL_FROM);
    expect(email!.subject).toBe(EMAIL_TEXTS.welcome.subject);
    expect(email!.messageId).toContain(queued!.id);
    expect(email!.text).toContain('Hi Hana,');
    expect(email!.html).toContain('Hi Hana,');

    const link = linkIn(email!.text);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/verify-email`);
    expect(email!.html).toContain(link.searchParams.get('token'));
    expect(
      await consumeOneTimeToken(ctx.db, 'verify_email', link.searchParams.get('token')!),
    ).toEqual({ userId: contact.id });

    const [sent] = await emailsOf(contact.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 0, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(await mail.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends a password-reset email whose link opens set-password with the user id and token', async () => {
    const { user } = await createUser(ctx.db, { role: 'host', firstName: 'Rita' });
    await ctx.db.insert(outboundEmails).values({
      kind: 'password_reset',
      userId: user.id,
      toEmail: user.email,
    });
    await worker(smtpTransport(smtp.url, MAIL_FROM)).runOnce();
    const [email] = await smtp.waitFor(1);
    expect(email!.subject).toBe(EMAIL_TEXTS.password_reset.subject);
    const link = linkIn(email!.text);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/set-password`);
    expect(link.searchParams.get('userId')).toBe(user.id);
    expect(
      await consumeOneTimeToken(ctx.db, 'set_password', link.searchParams.get('token')!),
    ).toEqual({ userId: user.id });
  });

  it('sends an email queued in the same millisecond as the worker looks (the database keeps microseconds)', async () => {
    const { user } = await createUser(ctx.db, { role: 'host', firstName: 'Mo' });
    const sent: string[] = [];
    const mail = worker({
      label: 'memory',
      send: async (email) => void sent.push(email.to),
      close() {},
    });
    for (let i = 0; i < 200; i += 1) {
      await ctx.db.insert(outboundEmails).values({
        kind: 'password_reset',
        userId: user.id,
        toEmail: user.email,
      });
      expect(await mail.runOnce()).toBe(1);
    }
    expect(sent).toHaveLength(200);
  });

  it('with the mail server down, the create answers at once and the email arrives when it is back', async () => {
    const port = await closedPort();
    const mail = createMailWorker({
      db: ctx.db,
      transport: smtpTransport(`smtp://tester:t3st-pass@127.0.0.1:${port}`, MAIL_FROM),
      publicUrl: PUBLIC_URL,
      log: ctx.app.log,
      now,
      pollMs: 25,
    });
    mail.start();
    try {
      const { contact, ms } = await createHost();
      expect(ms).toBeLessThan(2_000);

      await expect
        .poll(async () => (await emailsOf(contact.id))[0]?.attempts, { timeout: 5_000 })
        .toBe(1);
      const [waiting] = await emailsOf(contact.id);
      expect(waiting).toMatchObject({ status: 'queued' });
      expect(waiting!.lastError).toMatch(/ECONNREFUSED/);
      expect(waiting!.lastError).not.toContain('t3st-pass');

      const back = await startSmtpServer(port);
      try {
        // Not before its minute is up...
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(back.received).toHaveLength(0);
        // ...then it goes.
        offset += EMAIL_RETRY_DELAYS_MS[0]!;
        const [email] = await back.waitFor(1);
        expect(email!.envelopeTo).toEqual([contact.email]);
        await expect.poll(async () => (await emailsOf(contact.id))[0]?.status).toBe('sent');
      } finally {
        await mail.stop();
        await back.close();
      }
      expect(back.received).toHaveLength(1);
    } finally {
      await mail.stop();
    }
  });

  it('after five failures the email is failed and keeps its last error', async () => {
    const port = await closedPort();
    const mail = worker(smtpTransport(`smtp://127.0.0.1:${port}`, MAIL_FROM));
    const { contact } = await createHost();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
      expect(await mail.runOnce()).toBe(1);
      const [row] = await emailsOf(contact.id);
      expect(row!.attempts).toBe(attempt);
      if (row!.status === 'queued') {
        waits.push(Math.round((row!.nextAttemptAt.getTime() - now().getTime()) / MINUTE));
        expect(await mail.runOnce()).toBe(0);
        offset = row!.nextAttemptAt.getTime() - Date.now() + 1;
      }
    }
    expect(waits).toEqual([1, 5, 15, 60]);
    const [failed] = await emailsOf(contact.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 5, sentAt: null });
    expect(failed!.lastError).toMatch(/ECONNREFUSED/);
    offset += 24 * 60 * MINUTE;
    expect(await mail.runOnce()).toBe(0);
  });

  it('keeps a refusal of the mail server as the last error', async () => {
    const refusing = await startSmtpServer(0, { refuseRecipients: true });
    try {
      const { contact } = await createHost();
      await worker(smtpTransport(refusing.url, MAIL_FROM)).runOnce();
      const [row] = await emailsOf(contact.id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row!.lastError).toMatch(/550/);
      expect(row!.lastError).not.toContain('t3st-pass');
    } finally {
      await refusing.close();
    }
  });

  it('a restart between queue and send neither loses nor doubles the email', async () => {
    const { contact } = await createHost();
    // The server that queued it stops before sending; another starts on the same database.
    const second = await startSecondApp(ctx);
    try {
      const mail = worker(smtpTransport(smtp.url, MAIL_FROM), second.app.db);
      const other = worker(smtpTransport(smtp.url, MAIL_FROM));
      const claimed = await Promise.all([mail.runOnce(), other.runOnce()]);
      expect(claimed.sort()).toEqual([0, 1]);
      await smtp.waitFor(1);
      expect(await mail.runOnce()).toBe(0);
      expect(await other.runOnce()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(smtp.received.map((e) => e.envelopeTo)).toEqual([[contact.email]]);
      expect((await emailsOf(contact.id))[0]).toMatchObject({ status: 'sent' });
    } finally {
      await second.close();
    }
  });

  it('an email whose sender died mid-send is taken back after the claim timeout, with the same Message-ID', async () => {
    const { contact } = await createHost();
    const real = smtpTransport(smtp.url, MAIL_FROM);
    // Hands the email to the mail server, then "dies" before recording it: never resolves.
    const dying: MailTransport = {
      label: 'dying',
      send: (email) => real.send(email).then(() => new Promise<void>(() => undefined)),
      close: () => undefined,
    };
    void worker(dying).runOnce();
    const [first] = await smtp.waitFor(1);
    expect((await emailsOf(contact.id))[0]).toMatchObject({ status: 'sending' });

    const restarted = worker(smtpTransport(smtp.url, MAIL_FROM));
    expect(await restarted.runOnce()).toBe(0);
    offset += CLAIM_TIMEOUT_MS + 1_000;
    expect(await restarted.runOnce()).toBe(1);
    const [, second] = await smtp.waitFor(2);
    expect(second!.messageId).toBe(first!.messageId);
    expect((await emailsOf(contact.id))[0]).toMatchObject({ status: 'sent' });
    // Only the newest link works.
    const token = (email: typeof first) => linkIn(email!.text).searchParams.get('token')!;
    expect(await consumeOneTimeToken(ctx.db, 'verify_email', token(first), now())).toBeNull();
    expect(await consumeOneTimeToken(ctx.db, 'verify_email', token(second), now())).toEqual({
      userId: contact.id,
    });
  });

  it('does not send a link to an address the contact no longer has', async () => {
    const { contact } = await createHost();
    await ctx.db.execute(
      sql`update users set email = ${`changed-${contact.email}`} where id = ${contact.id}`,
    );
    await worker(smtpTransport(smtp.url, MAIL_FROM)).runOnce();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received).toHaveLength(0);
    expect((await emailsOf(contact.id))[0]).toMatchObject({ status: 'failed' });
  });
});

describe('without SMTP_URL', () => {
  let plain: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    plain = await startTestApp(
      { PUBLIC_URL },
      { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
    );
  });
  afterAll(() => plain.close());

  it('logs the recipient, subject and link at info, and counts the email as sent', async () => {
    const { user } = await createUser(plain.db, { role: 'host', firstName: 'Lou' });
    await plain.db
      .insert(outboundEmails)
      .values({ kind: 'welcome', userId: user.id, toEmail: user.email });
    const transport = createMailTransport(plain.app.config, plain.app.log);
    expect(transport.label).toContain('SMTP_URL is not set');
    const mail = createMailWorker({
      db: plain.db,
      transport,
      publicUrl: PUBLIC_URL,
      log: plain.app.log,
    });
    expect(await mail.runOnce()).toBe(1);
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.link);
    expect(logged).toMatchObject({
      level: 30,
      to: user.email,
      subject: EMAIL_TEXTS.welcome.subject,
    });
    const token = new URL(logged.link).searchParams.get('token')!;
    expect(await consumeOneTimeToken(plain.db, 'verify_email', token)).toEqual({
      userId: user.id,
    });
    const [row] = await plain.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.userId, user.id));
    expect(row).toMatchObject({ status: 'sent' });
  });
});

describe('the account flow through the API and real email', () => {
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: '192.0.2.77' });
  const signIn = (email: string, password: string) =>
    post('/api/auth/login', { email, password }).then((response) => response.statusCode);

  it('verifies from the welcome email, sets a password, and resets it from a forgot-password email', async () => {
    const mail = worker(createMailTransport(ctx.app.config, ctx.app.log));
    const { contact } = await createHost();
    await mail.runOnce();
    const [welcome] = await smtp.waitFor(1);

    const verifyToken = linkIn(welcome!.text).searchParams.get('token')!;
    const verified = await ctx.app.inject({ url: `/api/contacts/verify-email/${verifyToken}` });
    expect(verified.statusCode).toBe(200);
    const { userId, setPasswordToken } = verified.json();
    expect(userId).toBe(contact.id);
    const set = await post('/api/contacts/set-password', {
      userId,
      token: setPasswordToken,
      password: 'chosen-by-hana',
      confirmPassword: 'chosen-by-hana',
    });
    expect(set.json()).toEqual({ success: true });
    expect(await signIn(contact.email, 'chosen-by-hana')).toBe(200);

    // Forgot password: the same answer for her and for nobody; only she gets an email.
    const forHer = await post('/api/auth/forgot-password', { email: contact.email });
    const forNobody = await post('/api/auth/forgot-password', { email: 'nobody@example.org' });
    expect(forHer.json()).toEqual({ success: true });
    expect(forNobody.json()).toEqual(forHer.json());
    expect(await mail.runOnce()).toBe(1);
    const [, reset] = await smtp.waitFor(2);
    expect(reset!.envelopeTo).toEqual([contact.email]);
    expect(smtp.received).toHaveLength(2);

    const link = linkIn(reset!.text);
    const again = await post('/api/contacts/set-password', {
      userId: link.searchParams.get('userId'),
      token: link.searchParams.get('token'),
      password: 'reset-by-hana',
      confirmPassword: 'reset-by-hana',
    });
    expect(again.json()).toEqual({ success: true });
    expect(await signIn(contact.email, 'reset-by-hana')).toBe(200);
    expect(await signIn(contact.email, 'chosen-by-hana')).toBe(401);
  });
});
