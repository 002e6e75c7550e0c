import type { Db, Tx } from '../db/client';
import {
  countAttempt,
  forgetAttempt,
  forgetAttemptAndKey,
  forgetKey,
  type CountedAttempt,
  type RateLimit,
} from './rate-limit';

/**
 * Limits on failed sign-ins, counted over a sliding window in the database (so every server
 * process shares them): per account, against guessing one password; per client address, against
 * trying many accounts.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxPerAccount: 5,
  maxPerAddress: 20,
} as const;

export interface ThrottleKeys {
  account: string;
  address: string;
}

const accountKey = (email: string) => `account:${email}`;

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  return { account: accountKey(email), address: `ip:${ip}` };
}

/** An attempt counted as a failure until its password proves right: its two failure rows. */
export interface LoginAttempt extends CountedAttempt {
  loginKeys: ThrottleKeys;
}

const limit = (max: number): RateLimit => ({ max, windowMs: LOGIN_THROTTLE.windowMs });

/**
 * Counts a sign-in attempt before its password is checked, or refuses it: answers the seconds to
 * wait when a limit is reached, otherwise the attempt, already recorded as a failure. The count is
 * taken under advisory locks (see countAttempt), so however many attempts arrive at once, from
 * however many processes, at most the limit are let through to the password check.
 */
export async function beginLoginAttempt(
  db: Db,
  keys: ThrottleKeys,
  now?: Date,
): Promise<{ retryAfter: number } | { attempt: LoginAttempt }> {
  const counted = await countAttempt(
    db,
    [
      { key: keys.account, limit: limit(LOGIN_THROTTLE.maxPerAccount) },
      { key: keys.address, limit: limit(LOGIN_THROTTLE.maxPerAddress) },
    ],
    now,
  );
  if ('retryAfter' in counted) return counted;
  return { attempt: { ...counted.attempt, loginKeys: keys } };
}

/**
 * The password was right but the account may not sign in (inactive, unverified): as before
 * attempts were counted first, that is no failure, so the attempt no longer counts.
 */
export async function forgetLoginAttempt(db: Db, attempt: LoginAttempt) {
  await forgetAttempt(db, attempt);
}

/**
 * A successful sign-in forgets the account's failures, and its own attempt on the address (a
 * sign-in that worked is no failure); the address's other failures still count.
 */
export async function loginAttemptSucceeded(db: Db, attempt: LoginAttempt) {
  await forgetAttemptAndKey(db, attempt, attempt.loginKeys.account);
}

/**
 * A new password set through an email link unlocks the account: whoever guessed at the old one
 * is shut out by the change, and the owner can sign in with the new one at once.
 */
export async function forgetAccountFailures(db: Db | Tx, email: string) {
  await forgetKey(db, accountKey(email));
}
