import { STAFF_ROLES } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { serverTexts } from '../texts';
import type { UserRow } from '../services/users';

/** Hosts and admins: the people who sign in, and so verify an email and hold a password. */
export const isStaff = (role: UserRow['role']) => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * Why an account whose password was right may still not sign in, or null when it may. Only active
 * admins and hosts with a verified email sign in; participants never (they have no password).
 */
export function signInRefusal(user: UserRow): string | null {
  if (!isStaff(user.role) || !user.passwordHash) return messages.auth.invalidCredentials;
  if (user.status !== 'active') return serverTexts.auth.accountInactive;
  if (!user.emailVerified) return serverTexts.auth.emailNotVerified;
  return null;
}

/** Whether an existing session of this user is still honoured (the same rules as signing in). */
export function canHoldSession(user: UserRow): boolean {
  return signInRefusal(user) === null;
}

/**
 * An admin who can sign in now, with the password they have: the kind Tidings must always keep at
 * least one of, or nobody could sign in to manage it again.
 */
export function isSigningInAdmin(user: UserRow): boolean {
  return user.role === 'admin' && signInRefusal(user) === null;
}

/**
 * Whom a forgot-password request sends a reset link to: active admins and hosts whose email is
 * verified (a link to an unverified address could reach someone who does not own it).
 */
export function mayResetPassword(user: UserRow): boolean {
  return isStaff(user.role) && user.status === 'active' && user.emailVerified;
}
