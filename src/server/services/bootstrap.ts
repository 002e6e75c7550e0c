import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { appMeta, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';

const BOOTSTRAP_KEY = 'bootstrap_admin';
export const DEFAULT_ADMIN_EMAIL = 'admin@tidings.local';
/**
 * The first admin's name. The dashboard greets them as 'Admin'; the last name is there because the
 * contact form requires one, so they can save their own record (migration 0003 gives it to first
 * admins created before).
 */
export const BOOTSTRAP_ADMIN_NAME = { firstName: 'Admin', lastName: 'Tidings' } as const;

export interface BootstrapResult {
  email: string;
  /** Present only when Tidings generated the password; it is shown this once and never again. */
  generatedPassword?: string;
}

/**
 * Creates the first admin on a new database, once in the life of the database. A marker row in
 * app_meta, written in the same transaction, makes a second bootstrap impossible even when several
 * processes start together or the first admin is later renamed or deactivated.
 */
export async function ensureBootstrapAdmin(
  db: Db,
  options: { adminEmail?: string; adminPassword?: string },
): Promise<BootstrapResult | null> {
  const email = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = options.adminPassword ? undefined : generatePassword();
  const passwordHash = await hashPassword(options.adminPassword ?? generatedPassword!);

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: BOOTSTRAP_KEY, value: { email, createdAt: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return null;
    await tx.insert(users).values({
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

/** 18 random bytes as base64url: 24 characters, 144 bits. */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
