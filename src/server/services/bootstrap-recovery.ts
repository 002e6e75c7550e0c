import { eq } from 'drizzle-orm';
import { mayResetPassword } from '../auth/eligibility';
import { issueOneTimeToken } from '../auth/one-time-tokens';
import type { Db } from '../db/client';
import { appMeta, users } from '../db/schema';
import { BOOTSTRAP_KEY, markBootstrapAnnounced, type BootstrapMarker } from './bootstrap';

/**
 * While one process prints a recovery link, another starting at the same moment (on PostgreSQL)
 * leaves it alone instead of issuing a second link that would end the first.
 */
const RECOVERY_CLAIM_MS = 60_000;

export interface BootstrapRecovery {
  email: string;
  userId: string;
  /** A set-password token of the first admin (the forgot-password link's kind: one use, 1 hour). */
  token: string;
  expiresAt: Date;
}

/**
 * At a start: the first admin's password was generated, committed, and never printed (the process
 * that created it died first, so nobody can sign in). Issues a set-password link for them, to be
 * printed once (`markBootstrapAnnounced` after printing). Nothing when the admin has signed in since
 * (they know a password after all), or may no longer set one; that too counts as announced.
 */
export async function recoverUnannouncedAdmin(
  db: Db,
  now = new Date(),
): Promise<BootstrapRecovery | null> {
  const recovery = await db.transaction(async (tx) => {
    const [marker] = await tx
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, BOOTSTRAP_KEY))
      .for('update');
    const value = marker?.value as BootstrapMarker | undefined;
    if (!value || value.announced !== false) return null;
    const issuedAt = value.recoveryIssuedAt ? Date.parse(value.recoveryIssuedAt) : 0;
    if (now.getTime() - issuedAt < RECOVERY_CLAIM_MS) return null;

    const [admin] = await tx
      .select()
      .from(users)
      .where(value.userId ? eq(users.id, value.userId) : eq(users.email, value.email))
      .for('update');
    if (!admin || admin.lastLoginAt || !mayResetPassword(admin)) return 'nothing to say' as const;
    const { token, expiresAt } = await issueOneTimeToken(tx, admin, 'set_password', now);
    await tx
      .update(appMeta)
      .set({ value: { ...value, recoveryIssuedAt: now.toISOString() } })
      .where(eq(appMeta.key, BOOTSTRAP_KEY));
    return { email: admin.email, userId: admin.id, token, expiresAt };
  });
  if (recovery === 'nothing to say') {
    await markBootstrapAnnounced(db);
    return null;
  }
  return recovery;
}
