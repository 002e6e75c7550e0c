import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { MigrationError, migrationFailure } from './migration-failure';
import { readMigrations } from './migration-files';
import { refuseNewerDatabase } from './newer-database';
import { repairRewrittenMigrations } from './rewritten-migrations';

/** A row of Drizzle's record of the migrations a database ran. */
export interface AppliedMigration {
  id: number;
  hash: string;
  createdAt: number;
}

/** What Drizzle recorded in `db`; nothing for a new database. */
async function appliedMigrations(db: Db): Promise<AppliedMigration[]> {
  const table = await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!(table as unknown as { rows: { found: boolean }[] }).rows[0]?.found) return [];
  const result = await db.execute(
    sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations`,
  );
  return (
    result as unknown as { rows: { id: number; hash: string; created_at: string }[] }
  ).rows.map((row) => ({ id: Number(row.id), hash: row.hash, createdAt: Number(row.created_at) }));
}

/**
 * Brings the schema of `db` up to this Tidings' migrations: first what Drizzle's migrator cannot
 * do itself (refuse a database that a newer Tidings migrated, repair a migration rewritten after it
 * landed), then the migrator (`runMigrator`, on the same connection). A failure is a MigrationError
 * that says what the database answered.
 */
export async function migrateDatabase(db: Db, runMigrator: () => Promise<void>): Promise<void> {
  const migrations = readMigrations();
  try {
    const applied = await appliedMigrations(db);
    refuseNewerDatabase(applied, migrations);
    await repairRewrittenMigrations(db, applied, migrations);
    await runMigrator();
  } catch (error) {
    throw error instanceof MigrationError ? error : migrationFailure(error, migrations);
  }
}
