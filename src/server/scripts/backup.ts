/**
 * `npm run backup`: a backup of the embedded database (uploaded media included) and any files
 * still in DATA_DIR/media, in BACKUP_DIR. While a
 * server runs on DATA_DIR it asks the server, which holds the database; otherwise it opens the
 * database itself. On PostgreSQL it says to use pg_dump.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BackupResult } from '../backup/backups';
import { writeBackup } from '../backup/backups';
import { requestBackup } from '../backup/requests';
import { openPglite } from '../db/client';
import { dataDirHolder } from '../db/data-dir-lock';
import type { Config } from '../env';
import { configOrExit, fail } from '../process-exit';

const config = configOrExit();

if (config.databaseUrl) {
  fail(
    'npm run backup backs up the embedded database; this Tidings uses PostgreSQL (DATABASE_URL). ' +
      'Back it up with pg_dump (pg_dump --format=custom --file=tidings.dump "$DATABASE_URL"): ' +
      'uploaded media are in the database too.',
  );
}
if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
  fail(`There is no embedded database to back up in ${path.join(config.dataDir, 'db')}.`);
}

/** No server runs: this process opens the database (and holds it while it copies its files). */
async function backUpHere(config: Config): Promise<BackupResult> {
  const database = await openPglite(path.join(config.dataDir, 'db'), config.dataDir);
  try {
    return await writeBackup({
      database,
      mediaDir: config.mediaDir,
      backupDir: config.backupDir,
      kind: 'manual',
    });
  } finally {
    await database.close();
  }
}

try {
  const holder = await dataDirHolder(config.dataDir);
  const result = holder ? await requestBackup(config.dataDir, holder) : await backUpHere(config);
  const megabytes = (result.bytes / 1024 / 1024).toFixed(1);
  process.stdout.write(
    // Uploads are in the database; files not yet moved in from DATA_DIR/media go in beside it.
    `Backed up the embedded database with its uploaded media ` +
      (result.mediaFiles > 0 ? `and ${result.mediaFiles} file(s) of DATA_DIR/media ` : '') +
      `${holder ? `(through the server, pid ${holder}) ` : ''}to ${result.file} ` +
      `(${megabytes} MB, in ${(result.ms / 1000).toFixed(1)} s).\n` +
      `Restore it with: npm run restore ${result.file}\n`,
  );
} catch (error) {
  fail(`Could not back up: ${(error as Error).message}`);
}
