import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
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

/**
 * What makes a session live at `now`: not revoked, not past its absolute end, not idle too long.
 * One rule for the bearer check, the Profile's list of sessions and signing sessions out.
 */
function isLive(now: Date) {
  const idleSince = new Date(now.getTime() - SESSION_POLICY.idleMs);
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, idleSince),
  );
}

/** The live session and its user for a bearer token, or null when it is unknown, ended or revoked. */
export async function findSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ session: SessionRow; user: UserRow } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isLive(now)))
    .limit(1);
  if (!row) return null;
  // An account barred since sign-in had this session revoked by the change (changeAccount). One
  // barred some other way (an edit straight in the database) loses it now, for good as well.
  if (!canHoldSession(row.user)) {
    await revokeSession(db, row.session.id, now);
    return null;
  }
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
 * user changes their own password or signs out everywhere else), as a new password must shut out
 * whoever knew the old one. Answers how many it ended; sessions that had already ended by
 * themselves (expired, idle) are neither touched nor counted, as they can never be used again.
 */
export async function revokeOtherSessions(
  db: Db | Tx,
  userId: string,
  keepSessionId: string | undefined,
  now = new Date(),
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isLive(now),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Ends one live session of a user; false when the user has no such session (someone else's, or
 * one that already ended), so nobody can end or even probe another user's sessions.
 */
export async function revokeUserSession(
  db: Db,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isLive(now)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/**
 * A user's live sessions, newest first, at most `limit` of them, the one in `currentSessionId`
 * always among them (a user signed in on many browsers must still see this one).
 */
export async function listLiveSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
  limit: number,
  now = new Date(),
) {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isLive(now)))
    .orderBy(
      sql`${sessions.id} = ${currentSessionId} desc`,
      desc(sessions.createdAt),
      desc(sessions.id),
    )
    .limit(limit);
  return rows.sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
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
