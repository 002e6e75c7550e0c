import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
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

/** An attempt counted as a failure until its password proves right: its two failure rows. */
export interface LoginAttempt {
  keys: ThrottleKeys;
  rowIds: string[];
}

/**
 * The first half of PostgreSQL's two-key advisory locks for sign-in counts. The migration lock uses
 * the one-key form, a separate key space, so the two never meet.
 */
const THROTTLE_LOCK_CLASS = 727_146_002;

/** A key's advisory lock id: 32 bits of its SHA-256 (a rare collision only makes two keys wait). */
const lockIdOf = (key: string) => createHash('sha256').update(key).digest().readInt32BE(0);

/**
 * Counts a sign-in attempt before its password is checked, or refuses it: answers the seconds to
 * wait when a limit is reached, otherwise the attempt, already recorded as a failure.
 *
 * Checking the count and recording the attempt happen under a transaction-scoped advisory lock on
 * each key, so between them no other attempt on the same account or address, in this process or
 * any other on the database, can read the count: however many arrive at once, at most the limit are
 * let through to the password check. Several server processes share the database, so only a lock in
 * the database can guard this. The locks are taken in one fixed order (by id), so two attempts
 * sharing both keys cannot deadlock, and they are held for two small queries, never during the
 * password check. READ COMMITTED (the default) gives each statement after the lock a fresh snapshot
 * that sees what the previous holder committed.
 */
export async function beginLoginAttempt(
  db: Db,
  keys: ThrottleKeys,
  now = new Date(),
): Promise<{ retryAfter: number } | { attempt: LoginAttempt }> {
  return db.transaction(async (tx) => {
    const lockIds = [...new Set([keys.account, keys.address].map(lockIdOf))].sort((a, b) => a - b);
    for (const id of lockIds) {
      await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCK_CLASS}, ${id})`);
    }
    const retryAfter = await loginRetryAfter(tx, keys, now);
    if (retryAfter > 0) return { retryAfter };
    const rows = await tx
      .insert(loginFailures)
      .values([
        { key: keys.account, failedAt: now },
        { key: keys.address, failedAt: now },
      ])
      .returning({ id: loginFailures.id });
    return { attempt: { keys, rowIds: rows.map((row) => row.id) } };
  });
}

/** Seconds until another attempt is allowed, or 0 when one is allowed now. */
async function loginRetryAfter(db: Db | Tx, keys: ThrottleKeys, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const waits: number[] = [];
  for (const [key, max] of [
    [keys.account, LOGIN_THROTTLE.maxPerAccount],
    [keys.address, LOGIN_THROTTLE.maxPerAddress],
  ] as const) {
    // The max-th most recent failure in the window: once it ages out, an attempt is free again.
    const [blocking] = await db
      .select({ failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.failedAt, since)))
      .orderBy(desc(loginFailures.failedAt))
      .offset(max - 1)
      .limit(1);
    if (blocking) {
      waits.push(
        Math.ceil((blocking.failedAt.getTime() + LOGIN_THROTTLE.windowMs - now.getTime()) / 1000),
      );
    }
  }
  return Math.max(0, ...waits);
}

/**
 * The password was right but the account may not sign in (inactive, unverified): as before
 * attempts were counted first, that is no failure, so the attempt no longer counts.
 */
export async function forgetLoginAttempt(db: Db, attempt: LoginAttempt) {
  await db.delete(loginFailures).where(inArray(loginFailures.id, attempt.rowIds));
}

/**
 * A successful sign-in forgets the account's failures, and its own attempt on the address (a
 * sign-in that worked is no failure); the address's other failures still count.
 */
export async function loginAttemptSucceeded(db: Db, attempt: LoginAttempt) {
  await db
    .delete(loginFailures)
    .where(
      or(eq(loginFailures.key, attempt.keys.account), inArray(loginFailures.id, attempt.rowIds)),
    );
}

/** Deletes failures older than the window; run periodically. */
export async function deleteOldLoginFailures(db: Db, now = new Date()) {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.failedAt, new Date(now.getTime() - LOGIN_THROTTLE.windowMs)));
}
