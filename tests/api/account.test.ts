import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_THROTTLE } from '../../src/server/auth/account-throttle';
import { LOGIN_THROTTLE } from '../../src/server/auth/login-throttle';
import { issueOneTimeToken } from '../../src/server/auth/one-time-tokens';
import { FORGOT_PASSWORD_ANSWER_MS } from '../../src/server/services/account';
import { generateToken, hashToken } from '../../src/server/auth/tokens';
import { oneTimeTokens, outboundEmails, users } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import {
  bearer,
  createUser,
  loginAs,
  loginRequest,
  startSecondApp,
  startTestApp,
  type TestContext,
} from './helpers/app';
import { captureLog } from './helpers/log';

let ctx: TestContext;
let adminAuth: Record<string, string>;
let hostAuth: Record<string, string>;
const log = captureLog();

beforeAll(async () => {
  ctx = await startTestApp({}, { logger: log.logger });
  const admin = await createUser(ctx.db, { role: 'admin' });
  const host = await createUser(ctx.db, { role: 'host' });
  adminAuth = bearer(await loginAs(ctx.app, admin.user.email, admin.password!));
  hostAuth = bearer(await loginAs(ctx.app, host.user.email, host.password!));
});
afterAll(() => ctx.close());

/** Each request comes from its own address, so one test's per-address count never hits another. */
let addressCounter = 0;
const nextAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const FAILED_VERIFY = { error: messages.verifyEmail.failed };
const BAD_LINK = serverTexts.account.setPasswordLinkInvalid;

/** A host created in the console with 'send welcome email': no password, email not verified. */
const newHost = (overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(ctx.db, {
    role: 'host',
    firstName: 'Vera',
    emailVerified: false,
    password: null,
    ...overrides,
  }).then(({ user }) => user);

const verify = (token: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/contacts/verify-email/${encodeURIComponent(token)}`,
    remoteAddress,
  });

const setPassword = (payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/contacts/set-password', payload, remoteAddress });

const forgot = (email: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress,
  });

const passwords = (password: string) => ({ password, confirmPassword: password });

async function userRow(id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

const emailsOf = (userId: string, kind: 'welcome' | 'password_reset') =>
  ctx.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.userId, userId), eq(outboundEmails.kind, kind)));

describe('verify email, then set a password', () => {
  it('lets a new host verify, set a password and sign in', async () => {
    const host = await newHost();
    const { token } = await issueOneTimeToken(ctx.db, host, 'verify_email');

    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body).toEqual({
      userId: host.id,
      firstName: 'Vera',
      setPasswordToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect((await userRow(host.id)).emailVerified).toBe(true);

    const set = await setPassword({
      userId: host.id,
      token: body.setPasswordToken,
      ...passwords('new-secret-7'),
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ success: true });

    const login = await loginRequest(ctx.app, host.email, 'new-secret-7', nextAddress());
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(host.id);
  });

  it('refuses a used, expired, superseded or forged verification link', async () => {
    const host = await newHost();
    const used = await issueOneTimeToken(ctx.db, host, 'verify_email');
    expect((await verify(used.token)).statusCode).toBe(200);
    const again = await verify(used.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(FAILED_VERIFY);

    const other = await newHost();
    const superseded = await issueOneTimeToken(ctx.db, other, 'verify_email');
    const newest = await issueOneTimeToken(ctx.db, other, 'verify_email');
    expect((await verify(superseded.token)).json()).toEqual(FAILED_VERIFY);

    await ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(newest.token)));
    const expired = await verify(newest.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(FAILED_VERIFY);

    for (const forged of [generateToken(), 'not-a-token', 'x'.repeat(90)]) {
      const response = await verify(forged);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(FAILED_VERIFY);
    }
    // Past Fastify's longest path parameter the address itself is refused, also a 400.
    expect((await verify('x'.repeat(500))).statusCode).toBe(400);
    expect((await userRow(other.id)).emailVerified).toBe(false);
  });

  it('does not take a set-password token for a verification link', async () => {
    const host = await newHost();
    const { token } = await issueOneTimeToken(ctx.db, host, 'set_password');
    expect((await verify(token)).json()).toEqual(FAILED_VERIFY);
  });

  it('refuses a link sent to an address the account no longer has', async () => {
    const host = await newHost();
    const sentBefore = { id: host.id, email: `before-${host.email}` };
    const verifyLink = await issueOneTimeToken(ctx.db, sentBefore, 'verify_email');
    expect((await verify(verifyLink.token)).json()).toEqual(FAILED_VERIFY);
    expect((await userRow(host.id)).emailVerified).toBe(false);

    const verified = await newHost({ emailVerified: true });
    const resetLink = await issueOneTimeToken(
      ctx.db,
      { id: verified.id, email: `before-${verified.email}` },
      'set_password',
    );
    const set = await setPassword({
      userId: verified.id,
      token: resetLink.token,
      ...passwords('elsewhere-1'),
    });
    expect(set.json()).toEqual({ error: BAD_LINK });
    expect((await userRow(verified.id)).passwordHash).toBeNull();
  });

  it('refuses the link of a contact who has become a participant since', async () => {
    const host = await newHost();
    const { token } = await issueOneTimeToken(ctx.db, host, 'verify_email');
    await ctx.db.update(users).set({ role: 'participant' }).where(eq(users.id, host.id));
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(FAILED_VERIFY);
    expect((await userRow(host.id)).emailVerified).toBe(false);
  });
});

describe('POST /api/contacts/set-password', () => {
  it('never sets a password for a bare userId', async () => {
    const host = await newHost();
    const response = await setPassword({ userId: host.id, ...passwords('new-secret-7') });
    expect(response.statusCode).toBe(400);
    expect((await userRow(host.id)).passwordHash).toBeNull();
  });

  it("refuses another user's token, and leaves that token working for its owner", async () => {
    const victim = await newHost({ emailVerified: true });
    const attacker = await newHost({ emailVerified: true });
    const { token } = await issueOneTimeToken(ctx.db, attacker, 'set_password');
    const response = await setPassword({ userId: victim.id, token, ...passwords('taken-over-1') });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(BAD_LINK);
    expect((await userRow(victim.id)).passwordHash).toBeNull();

    const own = await setPassword({ userId: attacker.id, token, ...passwords('own-pass-22') });
    expect(own.statusCode).toBe(200);
  });

  it('answers a forged token with the same message whether or not the account exists', async () => {
    const host = await newHost({ emailVerified: true });
    const known = await setPassword({
      userId: host.id,
      token: generateToken(),
      ...passwords('new-secret-7'),
    });
    const unknown = await setPassword({
      userId: randomUUID(),
      token: generateToken(),
      ...passwords('new-secret-7'),
    });
    expect(known.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(known.json()).toEqual({ error: BAD_LINK });
    expect(unknown.json()).toEqual(known.json());
  });

  it('refuses a used or expired token', async () => {
    const host = await newHost({ emailVerified: true });
    const first = await issueOneTimeToken(ctx.db, host, 'set_password');
    const body = { userId: host.id, token: first.token, ...passwords('first-pass-1') };
    expect((await setPassword(body)).statusCode).toBe(200);
    const reused = await setPassword({ ...body, ...passwords('second-pass-2') });
    expect(reused.json()).toEqual({ error: BAD_LINK });

    const second = await issueOneTimeToken(ctx.db, host, 'set_password');
    await ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(second.token)));
    const expired = await setPassword({ ...body, token: second.token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: BAD_LINK });
  });

  it('never gives a participant a password, even with a token of theirs', async () => {
    const participant = await createUser(ctx.db, { role: 'participant' });
    const { token } = await issueOneTimeToken(ctx.db, participant.user, 'set_password');
    const response = await setPassword({
      userId: participant.user.id,
      token,
      ...passwords('participant-1'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: BAD_LINK });
    expect((await userRow(participant.user.id)).passwordHash).toBeNull();
  });

  it('validates with the spec messages before looking at the token', async () => {
    const host = await newHost({ emailVerified: true });
    const t = messages.setPassword;
    const cases: [Record<string, unknown>, string][] = [
      [{ password: '', confirmPassword: '' }, t.passwordRequired],
      [{ password: 'abc', confirmPassword: 'abc' }, t.passwordTooShort],
      [{ password: 'abcdef' }, t.confirmRequired],
      [{ password: 'abcdef', confirmPassword: 'abcdeg' }, t.passwordsDoNotMatch],
    ];
    for (const [fields, message] of cases) {
      const response = await setPassword({ userId: host.id, token: generateToken(), ...fields });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.map((d: { message: string }) => d.message)).toContain(message);
    }
    const noUser = await setPassword({ token: generateToken(), ...passwords('abcdef') });
    expect(noUser.json().details[0].message).toBe(t.missingUser);
  });

  it('ends every session of the user', async () => {
    const { user, password } = await createUser(ctx.db, { role: 'admin' });
    const sessions = [
      await loginAs(ctx.app, user.email, password!),
      await loginAs(ctx.app, user.email, password!),
    ];
    const { token } = await issueOneTimeToken(ctx.db, user, 'set_password');
    const set = await setPassword({ userId: user.id, token, ...passwords('brand-new-9') });
    expect(set.statusCode).toBe(200);
    for (const session of sessions) {
      const check = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/verify',
        headers: bearer(session),
      });
      expect(check.statusCode).toBe(401);
    }
    expect((await loginRequest(ctx.app, user.email, password!, nextAddress())).statusCode).toBe(
      401,
    );
  });
});

describe('a password reset for a locked account', () => {
  it('lets the owner sign in with the new password at once', async () => {
    const { user } = await createUser(ctx.db, { role: 'host' });
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAccount; i++) {
      await loginRequest(ctx.app, user.email, 'wrong-guess', nextAddress());
    }
    const { token } = await issueOneTimeToken(ctx.db, user, 'set_password');
    await setPassword({ userId: user.id, token, ...passwords('unlocked-5') });
    const login = await loginRequest(ctx.app, user.email, 'unlocked-5', nextAddress());
    expect(login.statusCode).toBe(200);
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('queues a reset email for a real account and nothing for an unknown one, answering alike', async () => {
    const { user } = await createUser(ctx.db, { role: 'host' });
    const known = await forgot(`  ${user.email.toUpperCase()} `);
    const unknown = await forgot('nobody-here@example.org');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);

    const queued = await emailsOf(user.id, 'password_reset');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'queued', toEmail: user.email });
    const forNobody = await ctx.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toEmail, 'nobody-here@example.org'));
    expect(forNobody).toEqual([]);
  });

  it('takes the same fixed time for a real account and an unknown one', async () => {
    const { user } = await createUser(ctx.db, { role: 'admin' });
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await forgot(email);
      expect(response.statusCode).toBe(200);
      return performance.now() - started;
    };
    // Queueing an email costs an insert and its commit (a few ms on PostgreSQL), which the
    // fixed answer time covers; a little slack for the timer's granularity.
    expect(await timed(user.email)).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 2);
    expect(await timed('no-account-here@example.org')).toBeGreaterThanOrEqual(
      FORGOT_PASSWORD_ANSWER_MS - 2,
    );
  });

  it('sends nothing to participants, inactive or unverified accounts', async () => {
    const barred = [
      (await createUser(ctx.db, { role: 'participant' })).user,
      (await createUser(ctx.db, { role: 'admin', status: 'inactive' })).user,
      (await createUser(ctx.db, { role: 'host', emailVerified: false })).user,
    ];
    for (const user of barred) {
      const response = await forgot(user.email);
      expect(response.json()).toEqual({ success: true });
      expect(await emailsOf(user.id, 'password_reset')).toEqual([]);
    }
  });

  it("sets a new password with the reset email's token", async () => {
    const { user, password } = await createUser(ctx.db, { role: 'admin' });
    await forgot(user.email);
    // The mail worker makes the link's token when it sends the email; here, as it would.
    const { token } = await issueOneTimeToken(ctx.db, user, 'set_password');
    const set = await setPassword({ userId: user.id, token, ...passwords('after-reset-3') });
    expect(set.statusCode).toBe(200);
    expect(
      (await loginRequest(ctx.app, user.email, 'after-reset-3', nextAddress())).statusCode,
    ).toBe(200);
    expect((await loginRequest(ctx.app, user.email, password!, nextAddress())).statusCode).toBe(
      401,
    );
  });

  it('asks for an email', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: {},
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(messages.login.emailRequired);
  });
});

describe('POST /api/contacts/{id}/welcome-email', () => {
  const resend = (id: string, headers: Record<string, string> = adminAuth) =>
    ctx.app.inject({ method: 'POST', url: `/api/contacts/${id}/welcome-email`, headers });

  it('queues a new welcome email for an unverified host, and the contact shows its state', async () => {
    const host = await newHost();
    const before = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${host.id}`,
      headers: adminAuth,
    });
    expect(before.json().contact.welcomeEmail).toBeNull();

    const response = await resend(host.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ welcomeEmailSent: true });
    expect(await emailsOf(host.id, 'welcome')).toHaveLength(1);
    // A second click while the first still waits queues nothing more: the one waiting will carry
    // the newest link, as links are made when an email is sent.
    expect((await resend(host.id)).json()).toEqual({ welcomeEmailSent: true });
    expect(await emailsOf(host.id, 'welcome')).toHaveLength(1);

    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${host.id}`,
      headers: adminAuth,
    });
    expect(after.json().contact.welcomeEmail).toEqual({
      status: 'queued',
      error: null,
      attempts: 0,
      queuedAt: expect.any(String),
      sentAt: null,
    });
  });

  it("reports a failed email's error, the last email's state, and keeps lists as they were", async () => {
    const host = await newHost();
    await ctx.db.insert(outboundEmails).values({
      kind: 'welcome',
      userId: host.id,
      toEmail: host.email,
      status: 'failed',
      attempts: 5,
      lastError: '550 mailbox unavailable',
      createdAt: new Date(Date.now() - 60_000),
    });
    const failed = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${host.id}`,
      headers: adminAuth,
    });
    expect(failed.json().contact.welcomeEmail).toMatchObject({
      status: 'failed',
      error: '550 mailbox unavailable',
      attempts: 5,
    });
    await resend(host.id);
    const sentAt = new Date();
    await ctx.db
      .update(outboundEmails)
      .set({ status: 'sent', sentAt, attempts: 1 })
      .where(and(eq(outboundEmails.userId, host.id), eq(outboundEmails.status, 'queued')));
    const latest = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${host.id}`,
      headers: adminAuth,
    });
    expect(latest.json().contact.welcomeEmail).toMatchObject({
      status: 'sent',
      error: null,
      attempts: 1,
      sentAt: sentAt.toISOString(),
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts?ids=${host.id}`,
      headers: adminAuth,
    });
    expect(list.json().contacts[0]).not.toHaveProperty('welcomeEmail');
  });

  it('is for whoever may edit the contact: a host may not resend to a host', async () => {
    const host = await newHost();
    const response = await resend(host.id, hostAuth);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(messages.contacts.permissions.staffByAdminsOnly);
    expect(await emailsOf(host.id, 'welcome')).toEqual([]);
    const anonymous = await resend(host.id, {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses participants, verified addresses and unknown contacts', async () => {
    const participant = (await createUser(ctx.db, { role: 'participant' })).user;
    const forParticipant = await resend(participant.id, hostAuth);
    expect(forParticipant.statusCode).toBe(400);
    expect(forParticipant.json().error).toBe(serverTexts.account.welcomeOnlyForStaff);

    const verified = (await createUser(ctx.db, { role: 'host' })).user;
    const forVerified = await resend(verified.id);
    expect(forVerified.statusCode).toBe(409);
    expect(forVerified.json().error).toBe(serverTexts.account.welcomeAlreadyVerified);

    expect((await resend(randomUUID())).statusCode).toBe(404);
    expect(await emailsOf(participant.id, 'welcome')).toEqual([]);
    expect(await emailsOf(verified.id, 'welcome')).toEqual([]);
  });
});

describe('rate limits', () => {
  it('limit reset emails per account, whatever the address', async () => {
    const { user } = await createUser(ctx.db, { role: 'host' });
    const { max } = ACCOUNT_THROTTLE.forgotPassword.perTarget;
    for (let i = 0; i < max; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    const limited = await forgot(user.email);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toMatch(/^Too many requests/);
    // An unknown address is limited the same way, so the limit does not tell them apart either.
    for (let i = 0; i < max; i++) await forgot('limited-nobody@example.org');
    expect((await forgot('limited-nobody@example.org')).statusCode).toBe(429);
  });

  it('limit each route per client address', async () => {
    const address = nextAddress();
    const forgotMax = ACCOUNT_THROTTLE.forgotPassword.perAddress.max;
    for (let i = 0; i < forgotMax; i++) {
      expect((await forgot(`someone${i}@example.org`, address)).statusCode).toBe(200);
    }
    expect((await forgot('one-more@example.org', address)).statusCode).toBe(429);

    const verifyMax = ACCOUNT_THROTTLE.verifyEmail.perAddress.max;
    for (let i = 0; i < verifyMax; i++) {
      expect((await verify(generateToken(), address)).statusCode).toBe(400);
    }
    const limited = await verify(generateToken(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limit set-password attempts per account', async () => {
    const host = await newHost({ emailVerified: true });
    const { max } = ACCOUNT_THROTTLE.setPassword.perTarget;
    const attempt = (token: string) =>
      setPassword({ userId: host.id, token, ...passwords('guess-pass-1') });
    for (let i = 0; i < max; i++) expect((await attempt(generateToken())).statusCode).toBe(400);
    // Even the right token waits: the limit is reached.
    const { token } = await issueOneTimeToken(ctx.db, host, 'set_password');
    const limited = await attempt(token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limit one verification link however many addresses open it', async () => {
    const token = generateToken();
    const { max } = ACCOUNT_THROTTLE.verifyEmail.perTarget;
    for (let i = 0; i < max; i++) expect((await verify(token)).statusCode).toBe(400);
    expect((await verify(token)).statusCode).toBe(429);
  });
});

describe('at the same moment', () => {
  it('one set-password token sets one password, however many requests carry it', async () => {
    const host = await newHost({ emailVerified: true });
    const { token } = await issueOneTimeToken(ctx.db, host, 'set_password');
    const responses = await Promise.all(
      ['race-pass-1', 'race-pass-2', 'race-pass-3'].map((password) =>
        setPassword({ userId: host.id, token, ...passwords(password) }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('two server processes share one count', async () => {
    const second = await startSecondApp(ctx);
    try {
      const address = nextAddress();
      const { max } = ACCOUNT_THROTTLE.forgotPassword.perAddress;
      const apps = [ctx.app, second.app];
      const statuses = [];
      for (let i = 0; i <= max; i++) {
        const response = await apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: `shared${i}@example.org` },
          remoteAddress: address,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(max);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('secrets in the log', () => {
  it('never logs a verification or set-password token', async () => {
    const host = await newHost();
    const { token } = await issueOneTimeToken(ctx.db, host, 'verify_email');
    const verified = (await verify(token)).json();
    await setPassword({
      userId: host.id,
      token: verified.setPasswordToken,
      ...passwords('logged-never-1'),
    });
    await forgot(host.email);
    const text = JSON.stringify(log.lines);
    expect(text).toContain('/api/contacts/verify-email/[redacted]');
    expect(text).toContain('/api/contacts/set-password');
    for (const secret of [token, verified.setPasswordToken, 'logged-never-1', host.email]) {
      expect(text).not.toContain(secret);
    }
  });
});
