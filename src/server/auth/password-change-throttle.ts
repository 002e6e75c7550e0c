import type { Db, Tx } from '../db/client';
import { LOGIN_THROTTLE } from './login-throttle';
import { countAttempt, forgetKey, type RateLimit } from './rate-limit';

/**
 * Wrong current passwords on Profile's password change, per user: as many as sign-in allows per
 * account in the same window. Whoever holds a session someone left open must not get unlimited
 * guesses at that person's password through this route.
 *
 * It uses the shared limiter (rate-limit.ts) as sign-in does: an attempt is counted before its
 * password is checked, under the limiter's advisory lock, so requests sent at once cannot get more
 * passwords checked than the limit; a right password forgets the count. The key is its own, not
 * sign-in's `account:` key: wrong guesses here must not lock the owner out of signing in, and a
 * stranger guessing at the sign-in page must not block the owner's password change. The account
 * routes' limiter (account-throttle.ts) does not fit: it counts every request, right or wrong, and
 * per client address, for routes used without a session.
 */
export const PASSWORD_CHANGE_THROTTLE = {
  max: LOGIN_THROTTLE.maxPerAccount,
  windowMs: LOGIN_THROTTLE.windowMs,
} as const satisfies RateLimit;

const keyOf = (userId: string) => `password-change:user:${userId}`;

/**
 * Counts a password check of this user before it runs, or refuses it: answers the seconds to wait
 * when the limit is reached. The attempt stays counted unless the password proves right.
 */
export async function beginPasswordCheck(
  db: Db,
  userId: string,
  now?: Date,
): Promise<{ retryAfter: number } | { counted: true }> {
  const counted = await countAttempt(
    db,
    [{ key: keyOf(userId), limit: PASSWORD_CHANGE_THROTTLE }],
    now,
  );
  return 'retryAfter' in counted ? counted : { counted: true };
}

/** The right password was given: the wrong ones before it no longer count. */
export async function passwordCheckSucceeded(db: Db | Tx, userId: string) {
  await forgetKey(db, keyOf(userId));
}
