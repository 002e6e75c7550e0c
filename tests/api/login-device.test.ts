import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app';
import { DEVICE_COOKIE, deviceCookieHeader } from '../../src/server/auth/device-cookie';
import { LOGIN_THROTTLE } from '../../src/server/auth/login-throttle';
import { createUser, startSecondApp, startTestApp, type TestContext } from './helpers/app';

/**
 * Strangers' failed sign-ins must not keep an account's owner out. A browser that signed in to an
 * account before holds a signed device cookie for it; its attempts count on their own, so a lock
 * that others' failures put on the account, or on a client address, does not reach it.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

let addressCounter = 0;
/** A client address of its own, so that only the limit a test is about can be reached. */
const nextAddress = () => `10.8.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

function signIn(
  email: string,
  password: string,
  options: { cookie?: string; address?: string; app?: App } = {},
) {
  return (options.app ?? ctx.app).inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: options.address ?? nextAddress(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

/** The device cookie a sign-in answer sets, as the browser sends it back (`name=value`). */
function deviceCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const first = [header ?? []].flat()[0];
  return first?.split(';')[0];
}

/** An owner who signed in once from their browser, which now holds the device cookie. */
async function ownerWithBrowser() {
  const { user, password } = await createUser(ctx.db);
  const first = await signIn(user.email, password!);
  expect(first.statusCode).toBe(200);
  return { user, password: password!, cookie: deviceCookieOf(first) };
}

/** Strangers, each from an address of their own, fail until the account is locked. */
async function lockAccount(email: string) {
  for (let i = 0; i < LOGIN_THROTTLE.maxPerAccount; i++) {
    expect((await signIn(email, `stranger-${i}`)).statusCode).toBe(401);
  }
  expect((await signIn(email, 'one-more')).statusCode).toBe(429);
}

describe('a browser that signed in before', () => {
  it("is not locked out by strangers' failures on the account", async () => {
    const owner = await ownerWithBrowser();
    await lockAccount(owner.user.email);
    const known = await signIn(owner.user.email, owner.password, { cookie: owner.cookie });
    expect(known.statusCode).toBe(200);
    expect(known.json().token).toEqual(expect.any(String));
  });

  it('is not blocked by failures from its own client address (a shared proxy)', async () => {
    const address = '192.0.2.150';
    const owner = await ownerWithBrowser();
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAddress; i++) {
      await signIn(`someone${i}@example.org`, 'wrong', { address });
    }
    expect((await signIn(owner.user.email, owner.password, { address })).statusCode).toBe(429);
    const known = await signIn(owner.user.email, owner.password, {
      address,
      cookie: owner.cookie,
    });
    expect(known.statusCode).toBe(200);
  });

  it("leaves strangers' failures counted: browsers without the cookie stay locked out", async () => {
    const owner = await ownerWithBrowser();
    await lockAccount(owner.user.email);
    expect(
      (await signIn(owner.user.email, owner.password, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    expect((await signIn(owner.user.email, owner.password)).statusCode).toBe(429);
  });

  it('stops being honoured for a while once its own failures reach the limit', async () => {
    const owner = await ownerWithBrowser();
    await lockAccount(owner.user.email);
    for (let i = 0; i < LOGIN_THROTTLE.maxPerDevice; i++) {
      const guess = await signIn(owner.user.email, `guess-${i}`, { cookie: owner.cookie });
      expect(guess.statusCode).toBe(401);
    }
    const right = await signIn(owner.user.email, owner.password, { cookie: owner.cookie });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is honoured by every server process on the database', async () => {
    const second = await startSecondApp(ctx);
    try {
      const owner = await ownerWithBrowser();
      await lockAccount(owner.user.email);
      const elsewhere = await signIn(owner.user.email, owner.password, {
        cookie: owner.cookie,
        app: second.app,
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('cookies that name no known browser of the account', () => {
  it('get no way through a lock: forged, altered, expired, malformed, or of another account', async () => {
    const owner = await ownerWithBrowser();
    const other = await ownerWithBrowser();
    await lockAccount(owner.user.email);
    const [name, value] = owner.cookie!.split('=') as [string, string];
    const altered = `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    // The other account's cookie, made to name this account: its signature no longer fits.
    const forged = other.cookie!.split('=')[1]!.replace(other.user.id, owner.user.id);
    const expired = await deviceCookieHeader(ctx.db, owner.user.id, {
      secure: false,
      now: new Date(Date.now() - DEVICE_COOKIE.lifetimeMs - 60_000),
    });
    for (const cookie of [
      `${name}=${altered}`,
      `${name}=${forged}`,
      expired.split(';')[0]!,
      other.cookie!,
      `${name}=${'x'.repeat(4000)}`,
      `${name}=`,
      'unrelated=1',
    ]) {
      const response = await signIn(owner.user.email, owner.password, { cookie });
      expect(response.statusCode, cookie.slice(0, 80)).toBe(429);
    }
  });

  it("do not let another account's browser through", async () => {
    const owner = await ownerWithBrowser();
    const other = await ownerWithBrowser();
    // Signed in to the other account in this browser, then to this one: the cookie names this one.
    const switched = await signIn(owner.user.email, owner.password, { cookie: other.cookie });
    expect(switched.statusCode).toBe(200);
    await lockAccount(other.user.email);
    const toOther = await signIn(other.user.email, other.password, {
      cookie: deviceCookieOf(switched),
    });
    expect(toOther.statusCode).toBe(429);
  });
});

describe('the device cookie', () => {
  it('is HttpOnly, SameSite=Strict, sent only to sign-in, and does not name the email', async () => {
    const { user, password } = await createUser(ctx.db);
    const response = await signIn(user.email, password!);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^tidings_device=[^;]+;/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/api/auth/login');
    expect(header).toMatch(/Max-Age=\d+/);
    expect(header).not.toContain('Secure');
    expect(header).not.toContain(user.email);
    expect(header).not.toContain(encodeURIComponent(user.email));
  });

  it('is Secure when Tidings is reached over https', async () => {
    const https = await startTestApp({ PUBLIC_URL: 'https://tidings.example.org' });
    try {
      const { user, password } = await createUser(https.db);
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
      });
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });

  it('is set only by a successful sign-in', async () => {
    const { user, password } = await createUser(ctx.db, { status: 'inactive' });
    expect((await signIn(user.email, 'wrong')).headers['set-cookie']).toBeUndefined();
    const barred = await signIn(user.email, password!);
    expect(barred.statusCode).toBe(403);
    expect(barred.headers['set-cookie']).toBeUndefined();
  });
});
