import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { oneTimeTokens, users, type OneTimeTokenPurpose } from '../db/schema';
import { generateToken, hashToken, TOKEN_PATTERN } from './tokens';

/** How long a link works: a verification link for days, a password link for an hour. */
export const ONE_TIME_TOKEN_LIFETIME_MS: Record<OneTimeTokenPurpose, number> = {
  verify_email: 72 * 60 * 60 * 1000,
  set_password: 60 * 60 * 1000,
};

/**
 * Issues a single-use token for one person and purpose, sent to `user.email`, and returns it; only
 * its hash is stored, with that address. Their older unused tokens for the same purpose stop
 * working: the newest link is the only one.
 */
export async function issueOneTimeToken(
  tx: Db | Tx,
  user: { id: string; email: string },
  purpose: OneTimeTokenPurpose,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, user.id),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + ONE_TIME_TOKEN_LIFETIME_MS[purpose]);
  await tx.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    email: user.email,
    purpose,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Ends every unused token of a person, whatever its purpose: a change to their email, password,
 * role, status or verification makes the links sent before it mean something else.
 */
export async function endOneTimeTokens(tx: Db | Tx, userId: string, now = new Date()) {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}

/**
 * Uses up a token: answers whose it was, or null when it is unknown, of another purpose, used,
 * superseded, expired, or sent to an address its account no longer has. One statement marks it
 * used, so two requests with the same token cannot both succeed.
 *
 * The owner's row is locked first, as every change to an account locks it before it ends the
 * account's tokens: taking the two in the same order, a link followed while its account changes
 * waits for the change (and finds its token ended) instead of deadlocking with it.
 */
export async function consumeOneTimeToken(
  tx: Db | Tx,
  purpose: OneTimeTokenPurpose,
  token: string,
  now = new Date(),
): Promise<{ userId: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const [found] = await tx
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.tokenHash, tokenHash));
  if (!found) return null;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, found.userId)).for('update');
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
        eq(
          oneTimeTokens.email,
          sql`(select ${users.email} from ${users} where ${users.id} = ${oneTimeTokens.userId})`,
        ),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row ?? null;
}
