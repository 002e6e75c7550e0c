import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import type { UserRow } from '../services/users';
import { canHoldSession } from './eligibility';
import { forgetAccountFailures } from './login-throttle';
import { endOneTimeTokens } from './one-time-tokens';
import { revokeOtherSessions } from './sessions';

/** What says who a person is and whether they sign in: the columns links and sessions rest on. */
export const CREDENTIAL_COLUMNS = [
  'email',
  'passwordHash',
  'role',
  'status',
  'emailVerified',
] as const satisfies readonly (keyof UserRow)[];
export type CredentialColumn = (typeof CREDENTIAL_COLUMNS)[number];

export type AccountChanges = Partial<Omit<UserRow, 'id'>>;

export interface AccountChangeOptions {
  /** The session making the change, kept when a person sets their own new password. */
  keepSessionId?: string;
}

/**
 * Writes a change to an existing account, and in the same transaction ends what the change ends.
 * Every change of an account's email, password, role, status or email verification goes through
 * here (the contact form, verify-email, set-password, Profile's password), so the rules hold for
 * each alike. `before` is the account as it is now, its row locked by the caller.
 *
 * - Any change of those ends every unused link (one-time token) of the person: a link sent before
 *   was sent to an address, for a role, to someone the account may no longer be.
 * - Losing the right to sign in (deactivated, unverified, made a participant, password removed)
 *   revokes every session of the person. A revoked session stays revoked: reactivating the account
 *   later brings none back, and its owner signs in again.
 * - A new password revokes every other session (all but `keepSessionId`), as whoever knew the old
 *   one must be shut out, and lifts a sign-in lock, so its owner can sign in with it at once.
 *
 * Answers the account as written and how many sessions the change ended.
 */
export async function changeAccount(
  tx: Tx,
  before: UserRow,
  changes: AccountChanges,
  options: AccountChangeOptions = {},
): Promise<{ user: UserRow; endedSessions: number }> {
  const [after] = await tx.update(users).set(changes).where(eq(users.id, before.id)).returning();
  const user = after!;
  const changed = (column: CredentialColumn) => before[column] !== user[column];

  if (CREDENTIAL_COLUMNS.some(changed)) await endOneTimeTokens(tx, user.id);

  let endedSessions = 0;
  if (!canHoldSession(user)) {
    endedSessions = await revokeOtherSessions(tx, user.id, undefined);
  } else if (changed('passwordHash')) {
    endedSessions = await revokeOtherSessions(tx, user.id, options.keepSessionId);
  }
  if (changed('passwordHash') && user.passwordHash) await forgetAccountFailures(tx, user.email);
  return { user, endedSessions };
}
