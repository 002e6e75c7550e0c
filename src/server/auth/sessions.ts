import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import type { UserRow } from '../services/users';
import { generateToken, hashToken, TOKEN_PATTERN } from './tokens';
import { canHoldSession } from './eligibility';

/**
 * How long a console session lives. A session ends after `idleMs` without a request, and after
 * `absoluteMs` whatever happens. The console re-checks every 30 minutes while open, so an open tab
 * keeps its session alive for the working day and longer.
 */
export const SESSION_POLICY = {
  idleMs: 24 * 60 * 60 * 1000,
  absoluteMs: 7 * 24 * 60 * 60 * 1000,
  /** lastSeenAt is written at most this often, so reads do not each cost a write. */
  touchEveryMs: 60 * 1000,
} as const;

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(db: Db, userId: string, client: ClientInfo, now = new Date()) {
  const token = generateToken();
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_POLICY.absoluteMs),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 500),
    })
    .returning();
  return { token, session: session! };
}

/** The live session and its user for a bearer token, or null when it is unknown, ended or revoked. */
export async function findSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ session: SessionRow; user: UserRow } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const idleSince = new Date(now.getTime() - SESSION_POLICY.idleMs);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .limit(1);
  // An account deactivated (or otherwise barred) after sign-in loses its sessions at once.
  if (!row || !canHoldSession(row.user)) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > SESSION_POLICY.touchEveryMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
  }
  return row;
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every live session of a user except `keepSessionId` (the session making the change, when a
 * user changes their own password), as a new password must shut out whoever knew the old one.
 */
export async function revokeOtherSessions(
  db: Db | Tx,
  userId: string,
  keepSessionId: string | undefined,
  now = new Date(),
) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

/** Deletes sessions that can no longer be used; run periodically. */
export async function deleteEndedSessions(db: Db, now = new Date()) {
  const idleSince = new Date(now.getTime() - SESSION_POLICY.idleMs);
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, idleSince),
        lt(sessions.revokedAt, idleSince),
      ),
    );
}
