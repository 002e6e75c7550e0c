import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { messages } from '../../shared/messages';
import type { SetPasswordInput } from '../../shared/validation/set-password';
import { serverTexts } from '../texts';
import { changeAccount } from '../auth/account-change';
import { isStaff, mayResetPassword } from '../auth/eligibility';
import { consumeOneTimeToken, issueOneTimeToken } from '../auth/one-time-tokens';
import { hashPassword } from '../auth/passwords';
import { assertMayManage } from '../auth/permissions';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { queuePasswordResetEmail, queueWelcomeEmail } from '../outbox/emails';
import type { UserRow } from './users';

async function lockUser(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * GET /api/contacts/verify-email/{token}: uses up the link's token, marks the address verified and
 * hands out the single-use token for the next step, setting the password. Only a host or admin
 * verifies an email (a participant never does: spec section 6), so a link of someone who has
 * become a participant since fails like an expired one. Every refusal rolls the transaction back.
 */
export async function verifyEmail(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const owner = await consumeOneTimeToken(tx, 'verify_email', token);
    const before = owner ? await lockUser(tx, owner.userId) : undefined;
    if (!before || !isStaff(before.role)) throw badRequest(messages.verifyEmail.failed);
    const { user } = await changeAccount(tx, before, { emailVerified: true });
    const { token: setPasswordToken } = await issueOneTimeToken(tx, user, 'set_password');
    return { userId: user.id, firstName: user.firstName, setPasswordToken };
  });
}

/**
 * POST /api/contacts/set-password: the token from verify-email or a reset email, and it must be
 * that user's; a user id alone is never enough. Every bad token gets one message, whether or not
 * the account exists. The new password ends all of the user's sessions (whoever knew the old one
 * is shut out) and their other links, and lifts a sign-in lock on the account (changeAccount). A
 * token sent with another user's id is not used up (the transaction rolls back).
 */
export async function setPassword(db: Db, input: SetPasswordInput) {
  // scrypt runs before the transaction, so no row lock is held while it does.
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const owner = await consumeOneTimeToken(tx, 'set_password', input.token);
    const user =
      owner && owner.userId === input.userId ? await lockUser(tx, owner.userId) : undefined;
    // Only hosts and admins hold a password; a participant's token never sets one.
    if (!user || !isStaff(user.role)) throw badRequest(serverTexts.account.setPasswordLinkInvalid);
    await changeAccount(tx, user, { passwordHash });
  });
  return { success: true as const };
}

/**
 * How long forgot-password takes to answer, whatever it did. Queueing a reset email costs an insert
 * and its commit that an unknown address does not (about 3 ms on PostgreSQL, measured as medians
 * over many requests): enough to tell the two apart. The work takes a few ms; the fixed time
 * hides it, and the answer is the same.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 250;

/**
 * POST /api/auth/forgot-password: queues a reset email for an active host or admin with a verified
 * address, and answers the same, after the same time, for any other address.
 */
export async function forgotPassword(db: Db, email: string) {
  const answerAt = performance.now() + FORGOT_PASSWORD_ANSWER_MS;
  await db.transaction(async (tx) => {
    // Locked, so two requests at once for one account cannot both find no email waiting and
    // queue two.
    const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (user && mayResetPassword(user)) await queuePasswordResetEmail(tx, user);
  });
  const wait = answerAt - performance.now();
  if (wait > 0) await sleep(wait);
  return { success: true as const };
}

/**
 * POST /api/contacts/{id}/welcome-email: a new welcome email (its link supersedes the older one when
 * it is sent) for a host or admin whose address is not verified yet, by whoever may edit them.
 */
export async function resendWelcomeEmail(db: Db, id: string, actor: UserRow) {
  return db.transaction(async (tx) => {
    const contact = await lockUser(tx, id);
    if (!contact) throw notFound(serverTexts.contacts.notFound);
    assertMayManage(actor, contact.role);
    if (!isStaff(contact.role)) throw badRequest(serverTexts.account.welcomeOnlyForStaff);
    if (contact.emailVerified) throw conflict(serverTexts.account.welcomeAlreadyVerified);
    return { welcomeEmailSent: await queueWelcomeEmail(tx, contact) };
  });
}
