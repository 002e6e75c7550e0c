import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

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

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  return { account: `account:${email}`, address: `ip:${ip}` };
}

/** Seconds until another attempt is allowed, or 0 when one is allowed now. */
export async function loginRetryAfter(
  db: Db,
  keys: ThrottleKeys,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const waits = await Promise.all(
    [
      [keys.account, LOGIN_THROTTLE.maxPerAccount],
      [keys.address, LOGIN_THROTTLE.maxPerAddress],
    ].map(async ([key, max]) => {
      // The max-th most recent failure in the window: once it ages out, an attempt is free again.
      const [blocking] = await db
        .select({ failedAt: loginFailures.failedAt })
        .from(loginFailures)
        .where(and(eq(loginFailures.key, key as string), gt(loginFailures.failedAt, since)))
        .orderBy(desc(loginFailures.failedAt))
        .offset((max as number) - 1)
        .limit(1);
      if (!blocking) return 0;
      return Math.ceil(
        (blocking.failedAt.getTime() + LOGIN_THROTTLE.windowMs - now.getTime()) / 1000,
      );
    }),
  );
  return Math.max(0, ...waits);
}

export async function recordLoginFailure(db: Db, keys: ThrottleKeys, now = new Date()) {
  await db.insert(loginFailures).values([
    { key: keys.account, failedAt: now },
    { key: keys.address, failedAt: now },
  ]);
}

/** A successful sign-in forgets the account's failures (not the address's). */
export async function clearAccountFailures(db: Db, keys: ThrottleKeys) {
  await db.delete(loginFailures).where(eq(loginFailures.key, keys.account));
}

/** Deletes failures older than the window; run periodically. */
export async function deleteOldLoginFailures(db: Db, now = new Date()) {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.failedAt, new Date(now.getTime() - LOGIN_THROTTLE.windowMs)));
}
