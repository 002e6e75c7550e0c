import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app';
import { LOGIN_THROTTLE } from '../../src/server/auth/login-throttle';
import { serverTexts } from '../../src/server/texts';
import {
  createUser,
  loginRequest,
  startSecondApp,
  startTestApp,
  type TestContext,
} from './helpers/app';

/**
 * The sign-in limits under simultaneous attempts: an attempt is counted before its password is
 * checked, so however many arrive at once, no more passwords are checked than the limit allows.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

let addressCounter = 0;
/** A client address of its own, so that only the limit a test is about can be reached. */
const nextAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const countOf = (responses: LightMyRequestResponse[], status: number) =>
  statuses(responses).filter((s) => s === status).length;

function expectRefusedForNow(responses: LightMyRequestResponse[]) {
  for (const response of responses.filter((r) => r.statusCode === 429)) {
    expect(response.json().error).toMatch(
      /^Too many failed sign-in attempts\. Please try again in 1[45] minute\(s\)\.$/,
    );
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }
}

/** `guesses` for one account, all sent at once, each from its own address. */
const guessTogether = (apps: App[], email: string, guesses: string[]) =>
  Promise.all(
    guesses.map((guess, i) => loginRequest(apps[i % apps.length]!, email, guess, nextAddress())),
  );

describe('simultaneous sign-in attempts', () => {
  it(`check at most ${LOGIN_THROTTLE.maxPerAccount} wrong passwords of one account`, async () => {
    const { user, password } = await createUser(ctx.db);
    const wrong = Array.from({ length: 40 }, (_, i) => `wrong-${i}`);
    const responses = await guessTogether([ctx.app], user.email, wrong);

    expect(countOf(responses, 401)).toBe(LOGIN_THROTTLE.maxPerAccount);
    expect(countOf(responses, 429)).toBe(wrong.length - LOGIN_THROTTLE.maxPerAccount);
    expectRefusedForNow(responses);
    expect((await loginRequest(ctx.app, user.email, password!, nextAddress())).statusCode).toBe(
      429,
    );
  });

  it(`check at most ${LOGIN_THROTTLE.maxPerAddress} attempts from one address`, async () => {
    const address = '192.0.2.90';
    const responses = await Promise.all(
      Array.from({ length: 35 }, (_, i) =>
        loginRequest(ctx.app, `parallel-guess${i}@example.org`, 'wrong', address),
      ),
    );
    expect(countOf(responses, 401)).toBe(LOGIN_THROTTLE.maxPerAddress);
    expect(countOf(responses, 429)).toBe(35 - LOGIN_THROTTLE.maxPerAddress);
    expectRefusedForNow(responses);
  });

  it('give an account with one attempt left one password check, the right one only if it came first', async () => {
    const { user, password } = await createUser(ctx.db);
    const remaining = 1;
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAccount - remaining; i++) {
      const response = await loginRequest(ctx.app, user.email, `earlier-${i}`, nextAddress());
      expect(response.statusCode).toBe(401);
    }
    // The right password last, as an attacker's list would hold it somewhere among wrong ones.
    const guesses = [...Array.from({ length: 14 }, (_, i) => `guess-${i}`), password!];
    const responses = await guessTogether([ctx.app], user.email, guesses);
    const right = responses.at(-1)!;
    const wrongChecked = countOf(responses.slice(0, -1), 401);

    expectRefusedForNow(responses);
    expect(statuses(responses).every((s) => [200, 401, 429].includes(s))).toBe(true);
    if (right.statusCode === 200) {
      // The right password took the one attempt left; its success cleared the account's count,
      // so only guesses that arrived after it could be checked, within a fresh allowance.
      expect(right.json().token).toEqual(expect.any(String));
      expect(wrongChecked).toBeLessThanOrEqual(LOGIN_THROTTLE.maxPerAccount);
    } else {
      // A wrong guess took it: the right password was never checked, and nothing else was.
      expect(right.statusCode).toBe(429);
      expect(wrongChecked).toBe(remaining);
    }
  });

  it('share the limit between server processes on one database', async () => {
    const second = await startSecondApp(ctx);
    try {
      const { user } = await createUser(ctx.db);
      const wrong = Array.from({ length: 30 }, (_, i) => `wrong-${i}`);
      const responses = await guessTogether([ctx.app, second.app], user.email, wrong);
      expect(countOf(responses, 401)).toBe(LOGIN_THROTTLE.maxPerAccount);
      expect(countOf(responses, 429)).toBe(wrong.length - LOGIN_THROTTLE.maxPerAccount);
      expectRefusedForNow(responses);
    } finally {
      await second.close();
    }
  });
});

describe('the count around a check', () => {
  it('a right password for a barred account does not use up an attempt', async () => {
    const { user, password } = await createUser(ctx.db, { status: 'inactive' });
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAccount + 2; i++) {
      const response = await loginRequest(ctx.app, user.email, password!, nextAddress());
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(serverTexts.auth.accountInactive);
    }
  });

  it('a successful sign-in does not count against its address', async () => {
    const address = '192.0.2.91';
    const { user, password } = await createUser(ctx.db);
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAddress + 2; i++) {
      expect((await loginRequest(ctx.app, user.email, password!, address)).statusCode).toBe(200);
    }
  });
});
