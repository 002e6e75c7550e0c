import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { API_KEY_POLICY, type ApiKeyRole, type ApiKeyStatus } from '../../shared/api-keys';
import type { Db } from '../db/client';
import { apiKeys, users } from '../db/schema';
import type { UserRow } from '../services/users';
import { canHoldSession } from './eligibility';
import { hashToken } from './tokens';

/**
 * API keys: bearer credentials for scripts and other systems (issue 29). A key acts as the admin
 * who created it, with at most the key's role: a host key can do what a host can, and no more,
 * whoever made it. It stops working when it is revoked, when it expires, and while its creator
 * could not sign in (deactivated, no longer staff): a key never outlives the person answerable
 * for it.
 *
 * The secret is `tid_` and 43 base64url characters (256 random bits). Like a session token it is
 * stored only as its SHA-256: it is random enough that a slow hash would add nothing but latency
 * to every request.
 */

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** `tid_` and 43 base64url characters; anything else is refused without a lookup. */
export const API_KEY_PATTERN = /^tid_[A-Za-z0-9_-]{43}$/;

/** A new key's secret, and what is stored of it. */
export function newApiKeySecret() {
  const secret = `${API_KEY_POLICY.prefix}${randomBytes(32).toString('base64url')}`;
  return {
    secret,
    secretHash: hashToken(secret),
    secretStart: secret.slice(0, API_KEY_POLICY.prefix.length + API_KEY_POLICY.shownCharacters),
  };
}

/** Whether a bearer token is meant as an API key (its prefix), right or wrong. */
export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_POLICY.prefix);

/** Whether a key works at `now`: the bearer check's rule, and the status the list shows. */
export function apiKeyStatus(key: ApiKeyRow, now: Date): ApiKeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && key.expiresAt <= now) return 'expired';
  return 'active';
}

/** Why a key that exists does not work at `now`, or null when it works. */
export type KeyRefusal = 'revoked' | 'expired' | 'creatorBarred';

const RANK: Record<ApiKeyRole, number> = { host: 1, admin: 2 };

/**
 * The user a key acts as: its creator, with the key's role when that is the lesser (an admin's host
 * key), and the creator's when they have since become a host (an admin key of a demoted admin).
 */
function actingUser(key: ApiKeyRow, creator: UserRow): UserRow {
  const role = RANK[key.role] <= RANK[creator.role as ApiKeyRole] ? key.role : creator.role;
  return { ...creator, role };
}

export type FoundApiKey =
  { key: ApiKeyRow; user: UserRow } | { key: ApiKeyRow; refusal: KeyRefusal } | null;

/**
 * The key of a secret and the user it acts as; the key and why it does not work; or null for a
 * secret no key has. A key that works has its last use written, at most once a minute per key
 * unless the address changed, so a busy script does not cost a write per request.
 */
export async function findApiKey(
  db: Db,
  secret: string,
  ip: string,
  now = new Date(),
): Promise<FoundApiKey> {
  if (!API_KEY_PATTERN.test(secret)) return null;
  const [row] = await db
    .select({ key: apiKeys, creator: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.secretHash, hashToken(secret)))
    .limit(1);
  if (!row) return null;
  const { key, creator } = row;
  const status = apiKeyStatus(key, now);
  if (status !== 'active') return { key, refusal: status };
  if (!canHoldSession(creator)) return { key, refusal: 'creatorBarred' };
  const stale =
    key.lastUsedAt === null ||
    now.getTime() - key.lastUsedAt.getTime() > API_KEY_POLICY.touchEveryMs ||
    key.lastUsedIp !== ip;
  if (stale) {
    await db.update(apiKeys).set({ lastUsedAt: now, lastUsedIp: ip }).where(eq(apiKeys.id, key.id));
  }
  return { key, user: actingUser(key, creator) };
}
