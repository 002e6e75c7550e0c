import { openDatabase, type Database } from './db/client';
import type { Config } from './env';
import { ensureBootstrapAdmin, type BootstrapResult } from './services/bootstrap';

/** Opens the configured database, brings its schema up to date and makes sure an admin exists. */
export async function prepareDatabase(
  config: Config,
  onPoolError?: (error: Error) => void,
): Promise<{ database: Database; bootstrap: BootstrapResult | null }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    onPoolError,
  });
  try {
    await database.migrate();
    const bootstrap = await ensureBootstrapAdmin(database.db, config);
    // Data loaded since the last start (a seed, an import) is planned for with fresh statistics.
    await database.refreshStatistics();
    return { database, bootstrap };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
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
