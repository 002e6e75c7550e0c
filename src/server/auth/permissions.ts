import { and, eq, ne } from 'drizzle-orm';
import type { Role } from '../../shared/constants';
import { messages } from '../../shared/messages';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { forbidden } from '../http/errors';
import { isSigningInAdmin } from './eligibility';
import type { UserRow } from '../services/users';

/**
 * Who may change which contacts (the spec shows no rule; these are Tidings'): hosts manage
 * participants; only admins create, change or deactivate hosts and admins.
 */
export function assertMayManage(actor: UserRow, ...roles: Role[]) {
  if (actor.role !== 'admin' && roles.some((role) => role !== 'participant')) {
    throw forbidden(messages.contacts.permissions.staffByAdminsOnly);
  }
}

/**
 * Refuses a change that would leave no admin able to sign in. `after` is the contact as the change
 * would write it, so every way of losing the right counts alike: deactivating, demoting,
 * unverifying, and becoming a participant (which takes the password away). Only admins who can sign
 * in now keep Tidings open (isSigningInAdmin, the sign-in rule itself): one created in the console
 * has no password until one is set. The other admins are locked (FOR UPDATE) for the rest of the
 * transaction, so two admins demoting each other at the same moment cannot both succeed.
 */
export async function assertKeepsAnAdmin(tx: Tx, before: UserRow, after: UserRow) {
  if (!isSigningInAdmin(before) || isSigningInAdmin(after)) return;
  const others = await tx
    .select()
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, before.id)))
    .for('update');
  if (!others.some(isSigningInAdmin)) throw forbidden(messages.contacts.permissions.lastAdmin);
}
