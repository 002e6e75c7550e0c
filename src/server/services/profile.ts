import { eq } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import type {
  ApiOwnProfile,
  ApiOwnSession,
  ChangePasswordResponse,
  SignOutOthersResponse,
} from '../../shared/responses/users';
import {
  PROFILE_SESSIONS_LIMIT,
  type ChangePasswordInput,
  type ProfileNameInput,
} from '../../shared/validation/profile';
import { serverTexts } from '../texts';
import { changeAccount } from '../auth/account-change';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { beginPasswordCheck, passwordCheckSucceeded } from '../auth/password-change-throttle';
import {
  listLiveSessions,
  revokeOtherSessions,
  revokeUserSession,
  type SessionRow,
} from '../auth/sessions';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { badRequest, conflict, notFound, tooManyRequests } from '../http/errors';
import { fullNameOf, type UserRow } from './users';

const t = messages.profileApi;
/** What only the server refuses (the form's own rules are `t`'s). */
const refusals = serverTexts.profileApi;

/** The signed-in user's own account as Profile shows it; never the password hash. */
export function toApiOwnProfile(row: UserRow): ApiOwnProfile {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullNameOf(row),
    role: row.role,
    // The sign-in before the one that opened this session: the current one is no news to them.
    lastSignIn: row.previousLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** PUT /api/profile: the user's first and last name, nothing else. */
export async function updateOwnName(db: Db, userId: string, input: ProfileNameInput) {
  const [row] = await db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName })
    .where(eq(users.id, userId))
    .returning();
  // The session's user was read by this request, so only a deletion in between gets here.
  if (!row) throw notFound(serverTexts.contacts.notFound);
  return toApiOwnProfile(row);
}

const wrongCurrentPassword = () =>
  badRequest(t.currentPasswordWrong, [
    { field: 'currentPassword', message: t.currentPasswordWrong },
  ]);

/**
 * POST /api/profile/password: the current password proves it is the owner at the keyboard, not
 * someone at a computer they left signed in. Wrong ones are limited per user (see
 * password-change-throttle.ts). The new password ends every other session of the user and their
 * unused links, as one set from a reset link does, and lifts a sign-in lock; this session stays
 * (changeAccount).
 *
 * scrypt runs before the transaction, so no row lock is held while it does. The update only
 * applies while the stored hash is still the one the current password was checked against: a
 * password changed meanwhile (another tab, a reset link) makes the one given no longer current.
 */
export async function changeOwnPassword(
  db: Db,
  user: UserRow,
  session: SessionRow,
  input: ChangePasswordInput,
): Promise<ChangePasswordResponse> {
  const begun = await beginPasswordCheck(db, user.id);
  if ('retryAfter' in begun) {
    throw tooManyRequests(
      formatMessage(refusals.tooManyWrongPasswords, {
        minutes: Math.ceil(begun.retryAfter / 60),
      }),
      begun.retryAfter,
    );
  }
  const checkedHash = user.passwordHash;
  if (!checkedHash || !(await verifyPassword(input.currentPassword, checkedHash))) {
    throw wrongCurrentPassword();
  }
  const passwordHash = await hashPassword(input.password);
  const signedOutSessions = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (current?.passwordHash !== checkedHash) throw wrongCurrentPassword();
    const { endedSessions } = await changeAccount(
      tx,
      current,
      { passwordHash },
      {
        keepSessionId: session.id,
      },
    );
    await passwordCheckSucceeded(tx, user.id);
    return endedSessions;
  });
  return { success: true, signedOutSessions };
}

/** GET /api/profile/sessions: the user's live sessions, newest first, this one marked. */
export async function listOwnSessions(
  db: Db,
  userId: string,
  current: SessionRow,
): Promise<ApiOwnSession[]> {
  const rows = await listLiveSessions(db, userId, current.id, PROFILE_SESSIONS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    current: row.id === current.id,
  }));
}

/** POST /api/profile/sessions/sign-out-others: ends every session of the user but this one. */
export async function signOutOtherSessions(
  db: Db,
  userId: string,
  current: SessionRow,
): Promise<SignOutOthersResponse> {
  return { signedOut: await revokeOtherSessions(db, userId, current.id) };
}

/**
 * DELETE /api/profile/sessions/{id}: ends one other session of the user. Someone else's session
 * is answered like an unknown one (404); this session is ended by Logout, which also clears the
 * browser, so it is refused here (409).
 */
export async function endOwnSession(db: Db, userId: string, current: SessionRow, id: string) {
  if (id === current.id) throw conflict(refusals.currentSession);
  if (!(await revokeUserSession(db, userId, id))) throw notFound(refusals.sessionNotFound);
  return { success: true as const };
}
