import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboundEmails } from '../../src/server/db/schema';
import { createMailWorker } from '../../src/server/mail/worker';
import type { OutgoingEmail } from '../../src/server/mail/transport';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import {
  bearer,
  createUser,
  loginAs,
  loginRequest,
  startTestApp,
  type TestContext,
} from './helpers/app';

/**
 * What a change to a person's account ends: every unused link of theirs when their email,
 * password, role, status or verification changes, and every session when they lose the right to
 * sign in, for good (a later reactivation brings none back).
 */

const PUBLIC_URL = 'https://tidings.example.org';

let ctx: TestContext;
let adminAuth: Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp({ PUBLIC_URL });
  const admin = await createUser(ctx.db, { role: 'admin' });
  adminAuth = bearer(await loginAs(ctx.app, admin.user.email, admin.password!));
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(outboundEmails);
});

/** Each request from its own address, so no test reaches a per-address limit. */
let addressCounter = 0;
const nextAddress = () => `10.23.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** Sends what the outbox holds, as the server's mail worker does, and answers the links sent. */
async function sendEmails(): Promise<URL[]> {
  const sent: OutgoingEmail[] = [];
  const worker = createMailWorker({
    db: ctx.db,
    transport: { label: 'test', send: async (email) => void sent.push(email), close() {} },
    publicUrl: PUBLIC_URL,
    log: ctx.app.log,
  });
  await worker.runOnce();
  return sent.map((email) => new URL(email.link));
}

async function oneLink(): Promise<{ userId: string | null; token: string }> {
  const links = await sendEmails();
  expect(links).toHaveLength(1);
  return {
    userId: links[0]!.searchParams.get('userId'),
    token: links[0]!.searchParams.get('token')!,
  };
}

let n = 0;
/** A contact payload in the form's shape; a host by default. */
function contact(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    email: `changed${n}@example.org`,
    role: 'host',
    status: 'active',
    profile: { firstName: 'Vera', lastName: `Host${n}` },
    emailVerified: false,
    smsVerified: false,
    sendOptinMessage: false,
    sendWelcomeEmail: false,
    ...overrides,
  };
}

const create = async (body: Record<string, unknown>) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers: adminAuth,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().contact as { id: string; email: string };
};

/** A host is created with a password (the admin's choice); the person sets their own later. */
const withPassword = (body: Record<string, unknown>) => ({
  ...body,
  password: 'owner-pass-1',
  confirmPassword: 'owner-pass-1',
});

const update = async (id: string, body: Record<string, unknown>) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/contacts/${id}`,
    headers: adminAuth,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
};

const verify = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/contacts/verify-email/${token}`,
    remoteAddress: nextAddress(),
  });

const setPassword = (userId: string, token: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/contacts/set-password',
    payload: { userId, token, password, confirmPassword: password },
    remoteAddress: nextAddress(),
  });

const forgot = (email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: nextAddress(),
  });

const sessionCheck = (token: string) =>
  ctx.app.inject({ url: '/api/auth/verify', headers: bearer(token) });

/**
 * A host who signs in: verified, with a password. `body` is their form as an edit sends it, the
 * password left blank (a password given would be a change of its own).
 */
async function signingInHost() {
  const body = contact({ emailVerified: true });
  const created = await create(withPassword(body));
  return { ...created, body };
}

/** A reset link sent to a host, through forgot-password and the mail worker. */
async function resetLink(email: string) {
  expect((await forgot(email)).statusCode).toBe(200);
  return oneLink();
}

describe('a change to the account ends its unused links', () => {
  it("an email corrected after the welcome email: the old address's link no longer verifies or sets a password", async () => {
    const body = contact({ email: 'victim-old@example.org', sendWelcomeEmail: true });
    const host = await create(withPassword(body));
    const welcome = await oneLink();
    await update(host.id, { ...body, email: 'victim-new@example.org' });

    const verified = await verify(welcome.token);
    expect(verified.statusCode).toBe(400);
    expect(verified.json()).toEqual({ error: messages.verifyEmail.failed });
    const login = await loginRequest(
      ctx.app,
      'victim-new@example.org',
      'attacker-1',
      nextAddress(),
    );
    expect(login.statusCode).toBe(401);
  });

  it('a verification link followed after the change cannot go on to set a password either', async () => {
    const body = contact({ email: 'typo-old@example.org', sendWelcomeEmail: true });
    const host = await create(withPassword(body));
    const welcome = await oneLink();
    // The link is opened before the correction; its set-password step comes after it.
    const verified = await verify(welcome.token);
    expect(verified.statusCode).toBe(200);
    await update(host.id, { ...body, email: 'typo-new@example.org' });
    const set = await setPassword(host.id, verified.json().setPasswordToken, 'attacker-1');
    expect(set.statusCode).toBe(400);
    expect(set.json()).toEqual({ error: serverTexts.account.setPasswordLinkInvalid });
    const login = await loginRequest(ctx.app, 'typo-new@example.org', 'attacker-1', nextAddress());
    expect(login.statusCode).toBe(401);
  });

  it('a reset link ends when the email changes', async () => {
    const host = await signingInHost();
    const link = await resetLink(host.email);
    await update(host.id, { ...host.body, email: `moved-${host.email}` });
    expect((await setPassword(host.id, link.token, 'attacker-1')).statusCode).toBe(400);
  });

  it('a reset link ends when its owner changes their password in Profile', async () => {
    const host = await signingInHost();
    const link = await resetLink(host.email);
    const token = await loginAs(ctx.app, host.email, 'owner-pass-1');
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      headers: bearer(token),
      payload: {
        currentPassword: 'owner-pass-1',
        password: 'owner-pass-2',
        confirmPassword: 'owner-pass-2',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await setPassword(host.id, link.token, 'attacker-1')).statusCode).toBe(400);
    const login = await loginRequest(ctx.app, host.email, 'owner-pass-2', nextAddress());
    expect(login.statusCode).toBe(200);
  });

  it('a reset link ends when an admin sets a password', async () => {
    const host = await signingInHost();
    const link = await resetLink(host.email);
    await update(host.id, {
      ...host.body,
      password: 'admin-set-1',
      confirmPassword: 'admin-set-1',
    });
    expect((await setPassword(host.id, link.token, 'attacker-1')).statusCode).toBe(400);
  });

  it('a reset link ends when the role or the status changes', async () => {
    const promoted = await signingInHost();
    const promotedLink = await resetLink(promoted.email);
    await update(promoted.id, { ...promoted.body, role: 'admin' });
    expect((await setPassword(promoted.id, promotedLink.token, 'attacker-1')).statusCode).toBe(400);

    const paused = await signingInHost();
    const pausedLink = await resetLink(paused.email);
    await update(paused.id, { ...paused.body, status: 'inactive' });
    await update(paused.id, paused.body);
    expect((await setPassword(paused.id, pausedLink.token, 'attacker-1')).statusCode).toBe(400);
  });

  it('a link still works when nothing that matters changed (a name)', async () => {
    const host = await signingInHost();
    const link = await resetLink(host.email);
    await update(host.id, { ...host.body, profile: { firstName: 'Vera', lastName: 'Renamed' } });
    expect((await setPassword(host.id, link.token, 'owner-pass-3')).statusCode).toBe(200);
  });
});

describe('losing the right to sign in ends the sessions for good', () => {
  it('a deactivated host stays signed out after reactivation', async () => {
    const host = await signingInHost();
    const token = await loginAs(ctx.app, host.email, 'owner-pass-1');
    await update(host.id, { ...host.body, status: 'inactive' });
    expect((await sessionCheck(token)).statusCode).toBe(401);
    await update(host.id, host.body);
    expect((await sessionCheck(token)).statusCode).toBe(401);
    // The person signs in again: a new session, which works.
    const fresh = await loginAs(ctx.app, host.email, 'owner-pass-1');
    expect((await sessionCheck(fresh)).statusCode).toBe(200);
  });

  it('an unverified email re-verified brings no session back', async () => {
    const host = await signingInHost();
    const token = await loginAs(ctx.app, host.email, 'owner-pass-1');
    await update(host.id, { ...host.body, emailVerified: false });
    expect((await sessionCheck(token)).statusCode).toBe(401);
    await update(host.id, host.body);
    expect((await sessionCheck(token)).statusCode).toBe(401);
  });

  it('a host made a participant and a host again with a password brings no session back', async () => {
    const host = await signingInHost();
    const token = await loginAs(ctx.app, host.email, 'owner-pass-1');
    await update(host.id, { ...host.body, role: 'participant', emailVerified: false });
    await update(host.id, {
      ...host.body,
      password: 'owner-pass-1',
      confirmPassword: 'owner-pass-1',
    });
    expect((await sessionCheck(token)).statusCode).toBe(401);
  });

  it('a change that keeps the right to sign in keeps the sessions', async () => {
    const host = await signingInHost();
    const token = await loginAs(ctx.app, host.email, 'owner-pass-1');
    await update(host.id, { ...host.body, role: 'admin' });
    await update(host.id, { ...host.body, email: `renamed-${host.email}` });
    expect((await sessionCheck(token)).statusCode).toBe(200);
  });
});
