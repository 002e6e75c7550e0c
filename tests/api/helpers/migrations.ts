import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import {
  MIGRATIONS_DIR,
  openPglite,
  openPostgres,
  type Database,
} from '../../../src/server/db/client';
import { TEST_DB } from './database';
import { adminQuery, databaseUrl } from './postgres';

/**
 * A new database of this run's kind migrated up to (and with) the migration `tag` only, as an
 * earlier version of Tidings left it: a test writes that version's data, then upgrades it with
 * `database.migrate()`, as the next start of the new version does.
 */
export async function databaseAtMigration(tag: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-upgrade-'));
  const folder = path.join(dataDir, 'migrations');
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last === -1) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));

  let database: Database;
  let dropDatabase = async (): Promise<void> => {};
  if (TEST_DB === 'postgres') {
    const name = `tidings_upgrade_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await adminQuery(`create database ${name}`);
    dropDatabase = () => adminQuery(`drop database if exists ${name} with (force)`);
    database = await openPostgres(databaseUrl(name), { poolSize: 3 });
    await migrateNodePg(database.db as never, { migrationsFolder: folder });
  } else {
    database = await openPglite(path.join(dataDir, 'db'), dataDir);
    await migratePglite(database.db as never, { migrationsFolder: folder });
  }
  return {
    database,
    db: database.db,
    async dispose() {
      await database.close().catch(() => undefined);
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
