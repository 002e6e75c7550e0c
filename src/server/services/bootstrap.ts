import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appMeta, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';

export const BOOTSTRAP_KEY = 'bootstrap_admin';
export const DEFAULT_ADMIN_EMAIL = 'admin@tidings.local';
/**
 * The first admin's name. The dashboard greets them as 'Admin'; the last name is there because the
 * contact form requires one, so they can save their own record (migration 0003 gives it to first
 * admins created before).
 */
export const BOOTSTRAP_ADMIN_NAME = { firstName: 'Admin', lastName: 'Tidings' } as const;

/**
 * The marker row's value. `announced` is false from the commit that creates an admin with a
 * generated password until its sign-in details (or a way to set one) have been printed; markers
 * written before it was recorded lack it and count as announced.
 */
export interface BootstrapMarker {
  email: string;
  createdAt: string;
  userId?: string;
  announced?: boolean;
  /** When a start issued a set-password link for an admin never announced (`bootstrap-recovery`). */
  recoveryIssuedAt?: string;
}

export interface BootstrapResult {
  email: string;
  /** Present only when Tidings generated the password; it is shown this once and never again. */
  generatedPassword?: string;
}

/**
 * Creates the first admin on a new database, once in the life of the database. A marker row in
 * app_meta, written in the same transaction, makes a second bootstrap impossible even when several
 * processes start together or the first admin is later renamed or deactivated. A generated password
 * is printed only after this commits, and the marker says it is not yet announced until then
 * (`markBootstrapAnnounced`): a process that dies in between leaves the next start a way to say so.
 */
export async function ensureBootstrapAdmin(
  db: Db,
  options: { adminEmail?: string; adminPassword?: string },
): Promise<BootstrapResult | null> {
  const email = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = options.adminPassword ? undefined : generatePassword();
  const passwordHash = await hashPassword(options.adminPassword ?? generatedPassword!);
  const userId = randomUUID();
  const marker: BootstrapMarker = {
    email,
    userId,
    createdAt: new Date().toISOString(),
    // A password from ADMIN_PASSWORD is known to whoever set it: nothing needs announcing.
    announced: !generatedPassword,
  };

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: BOOTSTRAP_KEY, value: marker })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return null;
    await tx.insert(users).values({
      id: userId,
      email,
      passwordHash,
      role: 'admin',
      status: 'active',
      ...BOOTSTRAP_ADMIN_NAME,
      emailVerified: true,
    });
    return { email, generatedPassword };
  });
}

/** Records that the first admin's sign-in details, or a way to set them, have been printed. */
export async function markBootstrapAnnounced(db: Db) {
  await db
    .update(appMeta)
    .set({ value: sql`${appMeta.value} || '{"announced": true}'::jsonb` })
    .where(eq(appMeta.key, BOOTSTRAP_KEY));
}

/** 18 random bytes as base64url: 24 characters, 144 bits. */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
