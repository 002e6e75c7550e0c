import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../src/server/auth/login-throttle';
import { PASSWORD_CHANGE_THROTTLE } from '../../src/server/auth/password-change-throttle';
import { SESSION_POLICY } from '../../src/server/auth/sessions';
import { sessions, users } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import { bearer, createUser, loginRequest, startTestApp, type TestContext } from './helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const t = messages.profileApi;

/** Each sign-in comes from its own address, so no test reaches another's per-address limit. */
let addressCounter = 0;
const nextAddress = () => `10.13.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Signs in from a browser of its own; answers the token and the sign-in's `user`. */
async function signIn(
  email: string,
  password: string,
  { userAgent = FIREFOX, ip = nextAddress() }: { userAgent?: string; ip?: string } = {},
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return { token: body.token as string, auth: bearer(body.token), user: body.user };
}

/** A host of their own, signed in once. */
async function signedInHost(overrides: Parameters<typeof createUser>[1] = {}) {
  const { user, password } = await createUser(ctx.db, { role: 'host', ...overrides });
  const { token, auth } = await signIn(user.email, password!);
  return { user, password: password!, token, auth };
}

const getProfile = (auth: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth });

const putProfile = (auth: Record<string, string>, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: auth, payload: payload as object });

const changePassword = (auth: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/profile/password', headers: auth, payload });

const listSessions = (auth: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/profile/sessions', headers: auth });

const signOutOthers = (auth: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/profile/sessions/sign-out-others', headers: auth });

const endSession = (auth: Record<string, string>, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/profile/sessions/${id}`, headers: auth });

const verifies = async (token: string) =>
  (await ctx.app.inject({ url: '/api/auth/verify', headers: bearer(token) })).statusCode;

const newPassword = (password: string) => ({ password, confirmPassword: password });

async function userRow(id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('GET /api/profile', () => {
  it("answers the signed-in user's own account, with no last sign-in after the first ever", async () => {
    const { user, auth } = await signedInHost({ firstName: 'Ada', lastName: 'Lovelace' });
    const response = await getProfile(auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      profile: {
        _id: user.id,
        id: user.id,
        email: user.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        fullName: 'Ada Lovelace',
        role: 'host',
        lastSignIn: null,
        createdAt: user.createdAt.toISOString(),
      },
    });
    expect(response.body).not.toContain('scrypt');
  });

  it('gives as last sign-in the one before the current session, not the current one', async () => {
    const { user, password } = await signedInHost();
    const firstSignIn = (await userRow(user.id)).lastLoginAt!.toISOString();
    const second = await signIn(user.email, password);
    expect(second.user.lastLogin).not.toBe(firstSignIn);

    const profile = (await getProfile(second.auth)).json().profile;
    expect(profile.lastSignIn).toBe(firstSignIn);
    const row = await userRow(user.id);
    expect(row.previousLoginAt!.toISOString()).toBe(firstSignIn);
    expect(row.lastLoginAt!.toISOString()).toBe(second.user.lastLogin);

    const third = await signIn(user.email, password);
    expect((await getProfile(third.auth)).json().profile.lastSignIn).toBe(second.user.lastLogin);
  });

  it('is for signed-in users only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: serverTexts.auth.tokenRequired });
  });

  it('serves an admin the same way', async () => {
    const { auth } = await signedInHost({ role: 'admin' });
    expect((await getProfile(auth)).json().profile.role).toBe('admin');
  });
});

describe('PUT /api/profile', () => {
  it('changes the first and last name, trimmed, and answers the profile', async () => {
    const { user, auth } = await signedInHost({ firstName: 'Old', lastName: 'Name' });
    const response = await putProfile(auth, { firstName: '  Grace ', lastName: 'Hopper ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      id: user.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      fullName: 'Grace Hopper',
      email: user.email,
      role: 'host',
    });
    const verify = await ctx.app.inject({ url: '/api/auth/verify', headers: auth });
    expect(verify.json().user).toMatchObject({
      fullName: 'Grace Hopper',
      profile: { firstName: 'Grace', lastName: 'Hopper' },
    });
  });

  it("refuses a blank or missing name with the contact form's messages", async () => {
    const { user, auth } = await signedInHost({ firstName: 'Keep', lastName: 'Me' });
    const blank = await putProfile(auth, { firstName: '  ', lastName: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      error: messages.contacts.firstNameRequired,
      details: [
        { field: 'firstName', message: messages.contacts.firstNameRequired },
        { field: 'lastName', message: messages.contacts.lastNameRequired },
      ],
    });
    const missing = await putProfile(auth, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.map((d: { field: string }) => d.field)).toEqual([
      'firstName',
      'lastName',
    ]);
    const tooLong = await putProfile(auth, { firstName: 'x'.repeat(101), lastName: 'Me' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details[0].field).toBe('firstName');
    const row = await userRow(user.id);
    expect([row.firstName, row.lastName]).toEqual(['Keep', 'Me']);
  });

  it('refuses a role, an email or any other field, naming it, and changes nothing', async () => {
    const { user, auth } = await signedInHost({ firstName: 'Hana', lastName: 'Host' });
    const response = await putProfile(auth, {
      firstName: 'Hana',
      lastName: 'Admin',
      role: 'admin',
      email: 'new@example.org',
      status: 'active',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: t.onlyNameEditable,
      details: [
        { field: 'role', message: t.onlyNameEditable },
        { field: 'email', message: t.onlyNameEditable },
        { field: 'status', message: t.onlyNameEditable },
      ],
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ role: 'host', email: user.email, lastName: 'Host' });
  });

  it('refuses a body that is not an object', async () => {
    const { auth } = await signedInHost();
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '["Ada","Lovelace"]',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/profile/password', () => {
  it('refuses a wrong current password at its field, and changes nothing', async () => {
    const { user, password, auth } = await signedInHost();
    const other = await signIn(user.email, password);
    const before = (await userRow(user.id)).passwordHash;

    const response = await changePassword(auth, {
      currentPassword: 'not-my-password',
      ...newPassword('brand-new-1'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: t.currentPasswordWrong,
      details: [{ field: 'currentPassword', message: t.currentPasswordWrong }],
    });
    expect((await userRow(user.id)).passwordHash).toBe(before);
    expect(await verifies(other.token)).toBe(200);
    expect((await loginRequest(ctx.app, user.email, password, nextAddress())).statusCode).toBe(200);
  });

  it('checks the new password with the set-password rules and texts', async () => {
    const { auth } = await signedInHost();
    const empty = await changePassword(auth, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([
      { field: 'currentPassword', message: t.currentPasswordRequired },
      { field: 'password', message: messages.setPassword.passwordRequired },
      { field: 'confirmPassword', message: messages.setPassword.confirmRequired },
    ]);
    const short = await changePassword(auth, {
      currentPassword: 'secret-pass-1',
      ...newPassword('abc'),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([
      { field: 'password', message: messages.setPassword.passwordTooShort },
    ]);
    const mismatch = await changePassword(auth, {
      currentPassword: 'secret-pass-1',
      password: 'brand-new-1',
      confirmPassword: 'brand-new-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([
      { field: 'confirmPassword', message: messages.setPassword.passwordsDoNotMatch },
    ]);
  });

  it('sets the new password and ends every other session, keeping this one', async () => {
    const { user, password, token, auth } = await signedInHost();
    const laptop = await signIn(user.email, password);
    const phone = await signIn(user.email, password, { userAgent: IPHONE });
    const someoneElse = await signedInHost();

    const response = await changePassword(auth, {
      currentPassword: password,
      ...newPassword('brand-new-1'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, signedOutSessions: 2 });

    expect(await verifies(token)).toBe(200);
    expect(await verifies(laptop.token)).toBe(401);
    expect(await verifies(phone.token)).toBe(401);
    expect((await getProfile(phone.auth)).statusCode).toBe(401);
    expect(await verifies(someoneElse.token)).toBe(200);

    const old = await loginRequest(ctx.app, user.email, password, nextAddress());
    expect(old.statusCode).toBe(401);
    const fresh = await loginRequest(ctx.app, user.email, 'brand-new-1', nextAddress());
    expect(fresh.statusCode).toBe(200);
  });

  it('says no session was signed out when there was no other', async () => {
    const { password, auth } = await signedInHost();
    const response = await changePassword(auth, {
      currentPassword: password,
      ...newPassword('brand-new-1'),
    });
    expect(response.json()).toEqual({ success: true, signedOutSessions: 0 });
  });

  it('limits wrong current passwords per user, then refuses even the right one for a while', async () => {
    const { user, password, auth } = await signedInHost();
    const bystander = await signedInHost();
    const wrong = { currentPassword: 'guess', ...newPassword('brand-new-1') };
    for (let i = 0; i < PASSWORD_CHANGE_THROTTLE.max; i += 1) {
      expect((await changePassword(auth, wrong)).statusCode).toBe(400);
    }
    const locked = await changePassword(auth, {
      currentPassword: password,
      ...newPassword('brand-new-1'),
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().error).toBe(
      serverTexts.profileApi.tooManyWrongPasswords.replace(
        '%{minutes}',
        String(PASSWORD_CHANGE_THROTTLE.windowMs / 60_000),
      ),
    );
    // The lock is on this route: signing in still works, and other users are not affected.
    expect((await loginRequest(ctx.app, user.email, password, nextAddress())).statusCode).toBe(200);
    const theirs = await changePassword(bystander.auth, {
      currentPassword: bystander.password,
      ...newPassword('brand-new-1'),
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('forgets the wrong guesses once the right password is given', async () => {
    const { password, auth } = await signedInHost();
    const wrong = { currentPassword: 'guess', ...newPassword('brand-new-1') };
    for (let i = 0; i < PASSWORD_CHANGE_THROTTLE.max - 1; i += 1) {
      expect((await changePassword(auth, wrong)).statusCode).toBe(400);
    }
    const right = await changePassword(auth, {
      currentPassword: password,
      ...newPassword('brand-new-1'),
    });
    expect(right.statusCode).toBe(200);
    // A fresh count: the next wrong guess is refused as wrong, not as too many.
    expect((await changePassword(auth, wrong)).statusCode).toBe(400);
  });

  it('does not count a body refused by the rules as a wrong password', async () => {
    const { password, auth } = await signedInHost();
    for (let i = 0; i < PASSWORD_CHANGE_THROTTLE.max + 1; i += 1) {
      const short = await changePassword(auth, { currentPassword: 'guess', ...newPassword('x') });
      expect(short.statusCode).toBe(400);
    }
    const right = await changePassword(auth, {
      currentPassword: password,
      ...newPassword('brand-new-1'),
    });
    expect(right.statusCode).toBe(200);
  });

  it('lifts a sign-in lock on the account, as a new password from a reset link does', async () => {
    const { user, password, auth } = await signedInHost();
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAccount; i += 1) {
      await loginRequest(ctx.app, user.email, 'guess', nextAddress());
    }
    const locked = await loginRequest(ctx.app, user.email, password, nextAddress());
    expect(locked.statusCode).toBe(429);
    const changed = await changePassword(auth, {
      currentPassword: password,
      ...newPassword('brand-new-1'),
    });
    expect(changed.statusCode).toBe(200);
    const login = await loginRequest(ctx.app, user.email, 'brand-new-1', nextAddress());
    expect(login.statusCode).toBe(200);
  });
});

describe('GET /api/profile/sessions', () => {
  it('lists the live sessions newest first, with the current one marked', async () => {
    const { user, password } = await signedInHost();
    const firefox = await signIn(user.email, password, { ip: '203.0.113.7' });
    const iphone = await signIn(user.email, password, { userAgent: IPHONE, ip: '198.51.100.9' });

    const response = await listSessions(firefox.auth);
    expect(response.statusCode).toBe(200);
    const list = response.json().sessions;
    expect(list).toHaveLength(3);
    expect(list[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      ip: '198.51.100.9',
      userAgent: IPHONE,
      current: false,
    });
    expect(list[1]).toMatchObject({ ip: '203.0.113.7', userAgent: FIREFOX, current: true });
    expect(list[2]).toMatchObject({ current: false });
    const times = list.map((s: { createdAt: string }) => s.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(JSON.stringify(list)).not.toMatch(/token/i);

    const fromPhone = (await listSessions(iphone.auth)).json().sessions;
    expect(fromPhone.map((s: { current: boolean }) => s.current)).toEqual([true, false, false]);
  });

  it("never lists ended sessions or another user's", async () => {
    const { user, password, auth } = await signedInHost();
    const revoked = await signIn(user.email, password);
    const expired = await signIn(user.email, password);
    const idle = await signIn(user.email, password);
    const other = await signedInHost();
    const ids = async () =>
      ((await listSessions(auth)).json().sessions as { id: string }[]).map((s) => s.id);
    const all = await ids();
    expect(all).toHaveLength(4);

    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: revoked.auth });
    const past = new Date(Date.now() - 1000);
    const idOf = async (token: string) => {
      const listed = (await listSessions(bearer(token))).json().sessions as {
        id: string;
        current: boolean;
      }[];
      return listed.find((s) => s.current)!.id;
    };
    const expiredId = await idOf(expired.token);
    const idleId = await idOf(idle.token);
    await ctx.db.update(sessions).set({ expiresAt: past }).where(eq(sessions.id, expiredId));
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_POLICY.idleMs - 1000) })
      .where(eq(sessions.id, idleId));

    const listed = await ids();
    expect(listed).toHaveLength(1);
    const theirs = ((await listSessions(other.auth)).json().sessions as { id: string }[]).map(
      (s) => s.id,
    );
    expect(theirs).toHaveLength(1);
    expect(all).not.toContain(theirs[0]);
  });
});

describe('signing other sessions out', () => {
  it('sign-out-others ends every other session and keeps the current one', async () => {
    const { user, password, token, auth } = await signedInHost();
    const laptop = await signIn(user.email, password);
    const phone = await signIn(user.email, password, { userAgent: IPHONE });
    const someoneElse = await signedInHost();

    const response = await signOutOthers(auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signedOut: 2 });
    expect(await verifies(token)).toBe(200);
    expect(await verifies(laptop.token)).toBe(401);
    expect(await verifies(phone.token)).toBe(401);
    expect(await verifies(someoneElse.token)).toBe(200);
    expect((await listSessions(auth)).json().sessions).toEqual([
      expect.objectContaining({ current: true }),
    ]);

    expect((await signOutOthers(auth)).json()).toEqual({ signedOut: 0 });
  });

  it('DELETE ends one other session of the user', async () => {
    const { user, password, token, auth } = await signedInHost();
    const laptop = await signIn(user.email, password);
    const phone = await signIn(user.email, password, { userAgent: IPHONE });
    const phoneId = (
      (await listSessions(phone.auth)).json().sessions as {
        id: string;
        current: boolean;
      }[]
    ).find((s) => s.current)!.id;

    const response = await endSession(auth, phoneId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await verifies(phone.token)).toBe(401);
    expect(await verifies(laptop.token)).toBe(200);
    expect(await verifies(token)).toBe(200);

    const again = await endSession(auth, phoneId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: serverTexts.profileApi.sessionNotFound });
  });

  it("answers 404 for another user's session or a malformed id, and keeps the current one", async () => {
    const { auth } = await signedInHost();
    const other = await signedInHost();
    const [theirs] = (await listSessions(other.auth)).json().sessions as { id: string }[];

    const response = await endSession(auth, theirs!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: serverTexts.profileApi.sessionNotFound });
    expect(await verifies(other.token)).toBe(200);
    expect((await endSession(auth, 'not-a-session')).statusCode).toBe(404);

    const [mine] = (await listSessions(auth)).json().sessions as { id: string }[];
    const current = await endSession(auth, mine!.id);
    expect(current.statusCode).toBe(409);
    expect(current.json()).toEqual({ error: serverTexts.profileApi.currentSession });
    expect((await getProfile(auth)).statusCode).toBe(200);
  });
});
