import type { AppliedMigration } from './migrate';
import { MigrationError } from './migration-failure';
import type { MigrationFile } from './migration-files';

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Refuses a database that a newer Tidings migrated: one that records a migration later than this
 * version's last. Drizzle would find nothing to run and let this version start on a schema it does
 * not know, where its writes fail (a column since made NOT NULL, a table since reshaped). The
 * record keeps only a migration's hash and journal time, so that is how the newer one is named.
 */
export function refuseNewerDatabase(applied: AppliedMigration[], migrations: MigrationFile[]) {
  const last = migrations.at(-1);
  const newest = applied.reduce<AppliedMigration | undefined>(
    (found, row) => (!found || row.createdAt > found.createdAt ? row : found),
    undefined,
  );
  if (!last || !newest || newest.createdAt <= last.when) return;
  throw new MigrationError(
    `The database was migrated by a newer Tidings: its last migration (${utc(newest.createdAt)}, ` +
      `hash ${newest.hash.slice(0, 8)}) is later than this version's last, ${last.tag} ` +
      `(${utc(last.when)}). Run that newer version, or restore a backup taken before it ran.`,
  );
}
