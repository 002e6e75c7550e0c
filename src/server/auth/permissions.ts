import { and, eq, ne } from 'drizzle-orm';
import type { Role } from '../../shared/constants';
import { messages } from '../../shared/messages';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { forbidden } from '../http/errors';
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

/** An admin who can sign in: the kind Tidings must always keep at least one of. */
const isSigningInAdmin = (user: Pick<UserRow, 'role' | 'status' | 'emailVerified'>) =>
  user.role === 'admin' && user.status === 'active' && user.emailVerified;

/**
 * Refuses a change that would leave no admin able to sign in. The other such admins are locked
 * (FOR UPDATE) for the rest of the transaction, so two admins demoting each other at the same
 * moment cannot both succeed.
 */
export async function assertKeepsAnAdmin(
  tx: Tx,
  before: UserRow,
  after: Pick<UserRow, 'role' | 'status' | 'emailVerified'>,
) {
  if (!isSigningInAdmin(before) || isSigningInAdmin(after)) return;
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.status, 'active'),
        eq(users.emailVerified, true),
        ne(users.id, before.id),
      ),
    )
    .for('update');
  if (others.length === 0) throw forbidden(messages.contacts.permissions.lastAdmin);
}
