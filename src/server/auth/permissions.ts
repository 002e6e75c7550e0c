import { and, eq, ne } from 'drizzle-orm';
import type { Role } from '../../shared/constants';
import { rolesManagedBy } from '../../shared/contact';
import { messages } from '../../shared/messages';
import { serverTexts } from '../texts';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { forbidden } from '../http/errors';
import { isSigningInAdmin } from './eligibility';
import type { UserRow } from '../services/users';

/**
 * Who may change which contacts (the spec shows no rule; these are Tidings'): hosts manage
 * participants; only admins create, change or deactivate hosts and admins. The rule is the one the
 * console offers from (`rolesManagedBy`); here it is enforced.
 */
export function assertMayManage(actor: UserRow, ...roles: Role[]) {
  const managed = rolesManagedBy(actor.role);
  if (roles.some((role) => !managed.includes(role))) {
    throw forbidden(messages.contacts.permissions.staffByAdminsOnly);
  }
}

const removesSigningInAdmin = (before: UserRow, after: UserRow) =>
  isSigningInAdmin(before) && !isSigningInAdmin(after);

/** Every admin row but `exceptId`, locked FOR UPDATE in id order: the one order all callers use. */
function lockAdmins(tx: Tx, exceptId?: string): Promise<UserRow[]> {
  return tx
    .select()
    .from(users)
    .where(and(eq(users.role, 'admin'), exceptId ? ne(users.id, exceptId) : undefined))
    .orderBy(users.id)
    .for('update');
}

/**
 * Call before locking the contact's own row. A change that may take away an admin's sign-in locks
 * every admin row first, in id order, the contact's own among them. Two admins changing each other
 * at once then lock the same rows in the same order: one waits for the other and sees its result,
 * instead of each holding its target and waiting for the other's (a deadlock, which PostgreSQL ends
 * by failing one of them). `seen` is the contact read without a lock; should it become an admin who
 * signs in before its row is locked, assertKeepsAnAdmin still locks the others, after it, and the
 * rare deadlock that can cause is retried (see retryingTransaction).
 */
export async function lockAdminsFirst(tx: Tx, seen: UserRow, changes: Partial<UserRow>) {
  if (removesSigningInAdmin(seen, { ...seen, ...changes })) await lockAdmins(tx);
}

/**
 * Refuses a change that would leave no admin able to sign in. `after` is the contact as the change
 * would write it, so every way of losing the right counts alike: deactivating, demoting,
 * unverifying, and becoming a participant (which takes the password away). Only admins who can sign
 * in now keep Tidings open (isSigningInAdmin, the sign-in rule itself): one created in the console
 * has no password until one is set. The other admins stay locked for the rest of the transaction,
 * so two admins demoting each other at the same moment cannot both succeed.
 */
export async function assertKeepsAnAdmin(tx: Tx, before: UserRow, after: UserRow) {
  if (!removesSigningInAdmin(before, after)) return;
  const others = await lockAdmins(tx, before.id);
  if (!others.some(isSigningInAdmin)) throw forbidden(serverTexts.contacts.permissions.lastAdmin);
}

/** Refuses (403) an action only admins may take, with the text that says which. */
export function assertAdmin(actor: UserRow, message: string) {
  if (actor.role !== 'admin') throw forbidden(message);
}
