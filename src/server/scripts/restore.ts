/**
 * `npm run restore FILE`: puts a backup made by `npm run backup` (or the hourly maintenance) back
 * into DATA_DIR, database and media. Refuses while a server runs on DATA_DIR.
 */
import { restoreBackup } from '../backup/restore';
import { dataDirHolder, DataDirLockedError } from '../db/data-dir-lock';
import { configOrExit, fail } from '../process-exit';

const config = configOrExit();
const file = process.argv[2];

if (config.databaseUrl) {
  fail(
    'npm run restore restores the embedded database; this Tidings uses PostgreSQL (DATABASE_URL). ' +
      'Restore a pg_dump with pg_restore (pg_restore --clean --dbname="$DATABASE_URL" tidings.dump).',
  );
}
if (!file) fail('Usage: npm run restore FILE (a backup, such as data/backups/tidings-….tar.gz)');

const holder = await dataDirHolder(config.dataDir);
if (holder) {
  fail(
    `Could not restore: a Tidings server (pid ${holder}) is running on ${config.dataDir}. ` +
      'Stop it first: a backup is restored with the server stopped.',
  );
}

try {
  const { manifest, setAside } = await restoreBackup(file, config.dataDir);
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${config.dataDir}.\n` +
      (setAside
        ? `What was there before is in ${setAside}: delete it once the restored data looks right.\n`
        : ''),
  );
} catch (error) {
  fail(
    error instanceof DataDirLockedError
      ? `Could not restore: ${error.message}`
      : `Could not restore ${file}: ${(error as Error).message.replace(/([^.])$/, '$1.')}`,
  );
}
