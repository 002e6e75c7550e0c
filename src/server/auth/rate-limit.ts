import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import type { Db, Tx } from '../db/client';
import { loginFailures } from '../db/schema';
import { tooManyRequests } from '../http/errors';

/** At most `max` attempts per key in any `windowMs` (a sliding window). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** One count an attempt belongs to: a key (`ip:…`, `account:…`) and the limit on it. */
export interface LimitedKey {
  key: string;
  limit: RateLimit;
}

/** An attempt that was let through: its keys and the rows that count it. */
export interface CountedAttempt {
  keys: string[];
  rowIds: string[];
}

/**
 * The first half of PostgreSQL's two-key advisory locks for attempt counts. The migration lock uses
 * the one-key form, a separate key space, so the two never meet.
 */
const ATTEMPT_LOCK_CLASS = 727_146_002;

/** A key's advisory lock id: 32 bits of its SHA-256 (a rare collision only makes two keys wait). */
const lockIdOf = (key: string) => createHash('sha256').update(key).digest().readInt32BE(0);

/**
 * Counts an attempt against each of its keys, or refuses it: answers the seconds to wait when a
 * limit is reached, otherwise the attempt, already recorded under every key.
 *
 * The counts live in the database (`login_failures`, one row per key and attempt), so every server
 * process shares them. Checking the counts and recording the attempt happen under a
 * transaction-scoped advisory lock on each key, so between them no other attempt on the same key,
 * in this process or any other on the database, can read the count: however many arrive at once, at
 * most the limit are let through. The locks are taken in one fixed order (by id), so two attempts
 * sharing keys cannot deadlock, and they are held for a few small queries, never while the caller
 * does its work. READ COMMITTED (the default) gives each statement after the lock a fresh snapshot
 * that sees what the previous holder committed.
 */
export async function countAttempt(
  db: Db,
  keys: LimitedKey[],
  clock?: Date,
): Promise<{ retryAfter: number } | { attempt: CountedAttempt }> {
  return db.transaction(async (tx) => {
    const lockIds = [...new Set(keys.map(({ key }) => lockIdOf(key)))].sort((a, b) => a - b);
    for (const id of lockIds) {
      await tx.execute(sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_CLASS}, ${id})`);
    }
    // The time once the locks are held: an attempt that waited for them must not count from
    // before the attempts recorded while it waited (its wait would then end after the window).
    const now = clock ?? new Date();
    const retryAfter = await secondsToWait(tx, keys, now);
    if (retryAfter > 0) return { retryAfter };
    const rows = await tx
      .insert(loginFailures)
      .values(keys.map(({ key }) => ({ key, failedAt: now })))
      .returning({ id: loginFailures.id });
    return { attempt: { keys: keys.map(({ key }) => key), rowIds: rows.map((row) => row.id) } };
  });
}

/** Seconds until another attempt is allowed on every key, or 0 when one is allowed now. */
async function secondsToWait(tx: Tx, keys: LimitedKey[], now: Date): Promise<number> {
  const waits: number[] = [];
  for (const { key, limit } of keys) {
    // The max-th most recent attempt in the window: once it ages out, an attempt is free again.
    const [blocking] = await tx
      .select({ failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.key, key),
          gt(loginFailures.failedAt, new Date(now.getTime() - limit.windowMs)),
        ),
      )
      .orderBy(desc(loginFailures.failedAt))
      .offset(limit.max - 1)
      .limit(1);
    if (blocking) {
      waits.push(Math.ceil((blocking.failedAt.getTime() + limit.windowMs - now.getTime()) / 1000));
    }
  }
  return Math.max(0, ...waits);
}

/**
 * Counts one send by a staff member against their limit (a test send, a reply), or refuses it:
 * 429 with Retry-After and `tooMany` filled with the limit (%{max} every %{window} minutes) and
 * the wait (%{minutes}). Answers the attempt, for forgetAttempt should the send not happen.
 */
export async function countStaffSend(
  db: Db,
  key: string,
  limit: RateLimit,
  tooMany: string,
): Promise<CountedAttempt> {
  const counted = await countAttempt(db, [{ key, limit }]);
  if ('retryAfter' in counted) {
    throw tooManyRequests(
      formatMessage(tooMany, {
        max: limit.max,
        window: limit.windowMs / 60_000,
        minutes: Math.ceil(counted.retryAfter / 60),
      }),
      counted.retryAfter,
    );
  }
  return counted.attempt;
}

/** The attempt no longer counts (it turned out to be no failure). */
export async function forgetAttempt(db: Db, attempt: CountedAttempt) {
  await db.delete(loginFailures).where(inArray(loginFailures.id, attempt.rowIds));
}

/** The attempt no longer counts, and neither does anything counted so far under `clearKey`. */
export async function forgetAttemptAndKey(db: Db, attempt: CountedAttempt, clearKey: string) {
  await db
    .delete(loginFailures)
    .where(or(eq(loginFailures.key, clearKey), inArray(loginFailures.id, attempt.rowIds)));
}

/** Nothing counted so far under `key` counts any more. */
export async function forgetKey(db: Db | Tx, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Deletes attempts older than `windowMs` (the longest window of any limit); run periodically. */
export async function deleteOldAttempts(db: Db, windowMs: number, now = new Date()) {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.failedAt, new Date(now.getTime() - windowMs)));
}
