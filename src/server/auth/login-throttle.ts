import type { Db, Tx } from '../db/client';
import type { KnownDevice } from './device-cookie';
import {
  countAttempt,
  forgetAttempt,
  forgetAttemptAndKey,
  forgetKey,
  type CountedAttempt,
  type LimitedKey,
  type RateLimit,
} from './rate-limit';

/**
 * Limits on failed sign-ins, counted over a sliding window in the database (so every server
 * process shares them): per account, against guessing one password; per client address, against
 * trying many accounts; and per known browser of an account (one with a device cookie for it,
 * see device-cookie.ts), whose attempts count there instead, so that strangers' failures on the
 * account or the address do not lock its owner out of it.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxPerAccount: 5,
  maxPerAddress: 20,
  maxPerDevice: 5,
} as const;

export interface ThrottleKeys {
  account: string;
  address: string;
  /** The browser's own key, when its device cookie names the account signed in to. */
  device?: string;
}

const accountKey = (email: string) => `account:${email}`;

/** The failures of a client address: wrong sign-ins, and API keys that no key has. */
export const addressKey = (ip: string) => `ip:${ip}`;

/** The limit on an address's failures. */
export const addressLimit: RateLimit = {
  max: LOGIN_THROTTLE.maxPerAddress,
  windowMs: LOGIN_THROTTLE.windowMs,
};

export function throttleKeys(email: string, ip: string, device?: KnownDevice | null): ThrottleKeys {
  return {
    account: accountKey(email),
    address: addressKey(ip),
    device: device ? `device:${device.userId}:${device.deviceId}` : undefined,
  };
}

/** An attempt counted as a failure until its password proves right, and what it was counted by. */
export interface LoginAttempt extends CountedAttempt {
  /** The key whose failures a success forgets: the account's, or the known browser's. */
  clearedBySuccess: string;
}

const limit = (max: number): RateLimit => ({ max, windowMs: LOGIN_THROTTLE.windowMs });

/**
 * Counts a sign-in attempt before its password is checked, or refuses it: answers the seconds to
 * wait when a limit is reached, otherwise the attempt, already recorded as a failure. The count is
 * taken under advisory locks (see countAttempt), so however many attempts arrive at once, from
 * however many processes, at most the limit are let through to the password check.
 *
 * An attempt from a known browser of the account counts against that browser alone. Once the
 * browser's own failures reach its limit its cookie is not honoured until they age out: the attempt
 * then counts against the account and the address like any other, so a stolen cookie adds at most
 * a handful of guesses to the account's.
 */
export async function beginLoginAttempt(
  db: Db,
  keys: ThrottleKeys,
  now?: Date,
): Promise<{ retryAfter: number } | { attempt: LoginAttempt }> {
  if (keys.device) {
    const asDevice = await counted(
      db,
      [{ key: keys.device, limit: limit(LOGIN_THROTTLE.maxPerDevice) }],
      keys.device,
      now,
    );
    if ('attempt' in asDevice) return asDevice;
  }
  return counted(
    db,
    [
      { key: keys.account, limit: limit(LOGIN_THROTTLE.maxPerAccount) },
      { key: keys.address, limit: addressLimit },
    ],
    keys.account,
    now,
  );
}

async function counted(
  db: Db,
  keys: LimitedKey[],
  clearedBySuccess: string,
  now?: Date,
): Promise<{ retryAfter: number } | { attempt: LoginAttempt }> {
  const result = await countAttempt(db, keys, now);
  if ('retryAfter' in result) return result;
  return { attempt: { ...result.attempt, clearedBySuccess } };
}

/**
 * The password was right but the account may not sign in (inactive, unverified): as before
 * attempts were counted first, that is no failure, so the attempt no longer counts.
 */
export async function forgetLoginAttempt(db: Db, attempt: LoginAttempt) {
  await forgetAttempt(db, attempt);
}

/**
 * A successful sign-in forgets its own attempt (a sign-in that worked is no failure) and the
 * failures of what it was counted by: the account's, or, from a known browser, that browser's
 * alone. The owner signing in from a known browser must not wipe the count of strangers guessing
 * elsewhere, or each of the owner's sign-ins would hand them a fresh allowance. The address's other
 * failures still count either way.
 */
export async function loginAttemptSucceeded(db: Db, attempt: LoginAttempt) {
  await forgetAttemptAndKey(db, attempt, attempt.clearedBySuccess);
}

/**
 * A new password unlocks the account: whoever guessed at the old one is shut out by the change,
 * and the owner can sign in with the new one at once.
 */
export async function forgetAccountFailures(db: Db | Tx, email: string) {
  await forgetKey(db, accountKey(email));
}
