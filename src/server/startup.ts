import { usePasswordCost } from './auth/passwords';
import { openDatabase, type Database, type Db } from './db/client';
import type { Config } from './env';
import {
  ensureBootstrapAdmin,
  markBootstrapAnnounced,
  type BootstrapResult,
} from './services/bootstrap';
import { recoverUnannouncedAdmin, type BootstrapRecovery } from './services/bootstrap-recovery';
import { listStoredPhonesNeedingAttention } from './services/stored-phones';
import { makeStoredBiosSafe } from './services/stored-bios';

export interface PreparedDatabase {
  database: Database;
  /** The first admin, when this start created them. */
  bootstrap: BootstrapResult | null;
  /** A way in for a first admin whose generated password was never printed. */
  recovery: BootstrapRecovery | null;
}

/**
 * Opens the configured database, brings its schema and its stored bios up to date, lists the
 * stored phones that need attention, and makes sure an admin exists, and that someone can sign in
 * as them.
 */
export async function prepareDatabase(
  config: Config,
  onPoolError?: (error: Error) => void,
): Promise<PreparedDatabase> {
  // Before the first admin's password is hashed, which happens before the app is built.
  usePasswordCost(config.passwordCost);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    onPoolError,
  });
  try {
    await database.migrate();
    await listStoredPhonesNeedingAttention(database.db);
    await makeStoredBiosSafe(database.db);
    const bootstrap = await ensureBootstrapAdmin(database.db, config);
    const recovery = bootstrap ? null : await recoverUnannouncedAdmin(database.db);
    // Data loaded since the last start (a seed, an import) is planned for with fresh statistics.
    await database.refreshStatistics();
    return { database, bootstrap, recovery };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Prints the first admin's sign-in details, or the link that replaces a password never shown, and
 * only once they are out of this process records that they were: a process killed before that
 * leaves the next start to say it (`recoverUnannouncedAdmin`).
 */
export async function announceBootstrap(
  db: Db,
  { bootstrap, recovery }: Pick<PreparedDatabase, 'bootstrap' | 'recovery'>,
  url: string,
): Promise<void> {
  const notice = bootstrap
    ? bootstrapNotice(bootstrap, url)
    : recovery
      ? recoveryNotice(recovery, url)
      : null;
  if (!notice) return;
  await new Promise<void>((resolve, reject) =>
    process.stdout.write(notice, (error) => (error ? reject(error) : resolve())),
  );
  if (bootstrap?.generatedPassword || recovery) await markBootstrapAnnounced(db);
}

/** The first-start notice. The generated password appears here once and is never stored in clear. */
export function bootstrapNotice(bootstrap: BootstrapResult, url: string): string {
  const lines = [
    '',
    '  Tidings created its first admin account.',
    '',
    `    Sign in at:  ${url}/login`,
    `    Email:       ${bootstrap.email}`,
    bootstrap.generatedPassword
      ? `    Password:    ${bootstrap.generatedPassword}`
      : '    Password:    the one in ADMIN_PASSWORD',
    '',
  ];
  if (bootstrap.generatedPassword) {
    lines.push('  Keep this password now: it will not be shown again.', '');
  }
  return lines.join('\n') + '\n';
}

/** Printed instead, once, when the first admin's generated password was never shown. */
export function recoveryNotice(recovery: BootstrapRecovery, url: string): string {
  const link = new URL(`${url}/set-password`);
  link.searchParams.set('userId', recovery.userId);
  link.searchParams.set('token', recovery.token);
  return (
    [
      '',
      "  The first admin's password was never shown: Tidings stopped before it could print it.",
      '  Choose a password with this link (it works once, within an hour):',
      '',
      `    ${link.toString()}`,
      `    Email:  ${recovery.email}`,
      '',
      "  Later, 'Forgot password?' on the sign-in page sends a new link (without SMTP_URL, it is",
      '  logged here).',
      '',
    ].join('\n') + '\n'
  );
}
