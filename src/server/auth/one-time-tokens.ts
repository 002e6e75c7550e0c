import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { oneTimeTokens, type OneTimeTokenPurpose } from '../db/schema';
import { generateToken, hashToken, TOKEN_PATTERN } from './tokens';

/** How long a link works: a verification link for days, a password link for an hour. */
export const ONE_TIME_TOKEN_LIFETIME_MS: Record<OneTimeTokenPurpose, number> = {
  verify_email: 72 * 60 * 60 * 1000,
  set_password: 60 * 60 * 1000,
};

/**
 * Issues a single-use token for one person and purpose, and returns it; only its hash is stored.
 * Their older unused tokens for the same purpose stop working: the newest link is the only one.
 */
export async function issueOneTimeToken(
  tx: Db | Tx,
  userId: string,
  purpose: OneTimeTokenPurpose,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + ONE_TIME_TOKEN_LIFETIME_MS[purpose]);
  await tx
    .insert(oneTimeTokens)
    .values({ tokenHash: hashToken(token), userId, purpose, expiresAt });
  return { token, expiresAt };
}

/**
 * Uses up a token: answers whose it was, or null when it is unknown, of another purpose, used,
 * superseded or expired. One statement marks it used, so two requests with the same token cannot
 * both succeed.
 */
export async function consumeOneTimeToken(
  tx: Db | Tx,
  purpose: OneTimeTokenPurpose,
  token: string,
  now = new Date(),
): Promise<{ userId: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row ?? null;
}
