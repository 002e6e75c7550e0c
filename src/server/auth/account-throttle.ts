import { TEST_SEND_LIMIT } from '../../shared/consent';
import { formatMessage } from '../../shared/format';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { tooManyRequests } from '../http/errors';
import { LOGIN_THROTTLE } from './login-throttle';
import { PASSWORD_CHANGE_THROTTLE } from './password-change-throttle';
import { countAttempt, type RateLimit } from './rate-limit';

const MINUTE = 60 * 1000;

/**
 * Limits on the account routes that need no sign-in, per client address and per target (the
 * link's token, the account). Every request counts, not only failures: each one either uses up a
 * single-use token, runs scrypt (set-password: ~100 ms of CPU and 32 MB) or may send an email, so
 * the limits guard the server and people's inboxes as much as the tokens, which are 256-bit random
 * and cannot be guessed anyway. A person following a link needs one or two requests; the limits
 * leave room for retries after a typo.
 */
export const ACCOUNT_THROTTLE = {
  verifyEmail: {
    perAddress: { max: 20, windowMs: 15 * MINUTE },
    // Opening one link again and again (a page reloaded, a double click).
    perTarget: { max: 5, windowMs: 15 * MINUTE },
  },
  setPassword: {
    perAddress: { max: 10, windowMs: 15 * MINUTE },
    perTarget: { max: 5, windowMs: 15 * MINUTE },
  },
  forgotPassword: {
    perAddress: { max: 10, windowMs: 15 * MINUTE },
    // Each request may send a reset email: a few an hour, so nobody can flood someone's inbox.
    perTarget: { max: 3, windowMs: 60 * MINUTE },
  },
} as const satisfies Record<string, { perAddress: RateLimit; perTarget: RateLimit }>;

export type AccountRoute = keyof typeof ACCOUNT_THROTTLE;

/**
 * How long an attempt row must be kept: the longest window of any limit, sign-in's, test sends'
 * and password changes' included.
 */
export const ATTEMPT_RETENTION_MS = Math.max(
  LOGIN_THROTTLE.windowMs,
  TEST_SEND_LIMIT.windowMs,
  PASSWORD_CHANGE_THROTTLE.windowMs,
  ...Object.values(ACCOUNT_THROTTLE).flatMap((limits) => [
    limits.perAddress.windowMs,
    limits.perTarget.windowMs,
  ]),
);

/**
 * Counts a request to an account route, or refuses it with a 429 and `Retry-After`. `target` names
 * what is aimed at (an account id, an email, a token's hash) and must never be a secret itself:
 * it is stored as it is.
 */
export async function throttleAccountRoute(
  db: Db,
  route: AccountRoute,
  target: string,
  ip: string,
) {
  const limits = ACCOUNT_THROTTLE[route];
  const counted = await countAttempt(db, [
    { key: `${route}:target:${target}`, limit: limits.perTarget },
    { key: `${route}:ip:${ip}`, limit: limits.perAddress },
  ]);
  if ('retryAfter' in counted) {
    const minutes = Math.ceil(counted.retryAfter / 60);
    throw tooManyRequests(
      formatMessage(serverTexts.account.tooManyRequests, { minutes }),
      counted.retryAfter,
    );
  }
}
