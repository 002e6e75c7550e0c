import { constants } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { redactDatabaseUrl } from '../env';
import { acquireDataDirLock } from './data-dir-lock';
import { migrateDatabase } from './migrate';
import { MIGRATIONS_DIR } from './migration-files';
import { startPglite } from './pglite';
import { takeTurns } from './pglite-turns';
import * as schema from './schema';

export { MIGRATIONS_DIR };

/** The one database type the rest of the server sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; it has the whole query API of `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, safe to print (no password). */
  label: string;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /**
   * Brings the planner's statistics up to date where nothing else does: the embedded database
   * has no autovacuum, and a plan made without statistics can take seconds instead of
   * milliseconds. PostgreSQL's autovacuum keeps its own, so there this does nothing.
   */
  refreshStatistics(): Promise<void>;
  /** The settings that decide whether a commit survives a power cut, as the database reports them. */
  durability(): Promise<Durability>;
  /**
   * The embedded database only: copies its files into `target` between two statements, when
   * nothing writes them. The copy is what a power cut at that instant would leave on disk, which
   * PostgreSQL recovers from at its next start (that is what a commit's fsync guarantees).
   */
  copyFilesTo?(target: string): Promise<void>;
  close(): Promise<void>;
}

export interface Durability {
  fsync: string;
  synchronousCommit: string;
  fullPageWrites: string;
}

/** Several processes may start at once on one PostgreSQL; this lock lets one migrate at a time. */
const MIGRATION_LOCK_KEY = 727_146_001;

export class DatabaseConnectError extends Error {}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** Called when an idle pooled connection fails (the pool replaces it). */
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPglite(path.join(options.dataDir, 'db'), options.dataDir);
}

/** The embedded database: PostgreSQL compiled to WebAssembly, in this process, data in DATA_DIR/db. */
export async function openPglite(
  pgDataDir: string,
  lockDir = path.dirname(pgDataDir),
): Promise<Database> {
  await mkdir(lockDir, { recursive: true });
  const releaseLock = await acquireDataDirLock(lockDir);
  let client: PGlite;
  try {
    client = await startPglite(pgDataDir);
  } catch (error) {
    await releaseLock();
    throw new DatabaseConnectError(
      `Cannot open the embedded database in ${pgDataDir}: ${(error as Error).message}`,
    );
  }
  // The health check asks the database itself, not behind the statements waiting their turn: it
  // must answer at once under load (only a statement running now is ahead of it).
  const pingNow = client.query.bind(client);
  const db = drizzlePglite({ client: takeTurns(client), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    label: `embedded PGlite in ${pgDataDir}`,
    migrate: () =>
      migrateDatabase(db, () =>
        migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR }),
      ),
    ping: async () => {
      await pingNow('select 1');
    },
    refreshStatistics: async () => {
      // Tidings' own tables, not PostgreSQL's catalogs too: a bare ANALYZE took six times as long
      // at every start, and the memory it grows the embedded database by is never given back.
      const { rows } = await client.query<{ name: string }>(
        `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables`,
      );
      if (rows.length > 0) await client.exec(`analyze ${rows.map((r) => r.name).join(', ')}`);
    },
    durability: () => readDurability(db),
    copyFilesTo: async (target) => {
      // Written now, the data files hold most of the database, and the copy needs little WAL.
      await client.exec('checkpoint');
      // Between two transactions (every query and transaction waits for this one), and under the
      // query lock: nothing runs, so no file changes, while the files are copied. A file system
      // that can share blocks (btrfs, XFS, APFS) copies at once (FICLONE); others copy the bytes.
      await client.transaction(() =>
        client.runExclusive(() =>
          cp(pgDataDir, target, { recursive: true, mode: constants.COPYFILE_FICLONE }),
        ),
      );
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        await releaseLock();
      }
    },
  };
}

/** PostgreSQL through a node-postgres pool: several Tidings processes can share it. */
export async function openPostgres(
  url: string,
  options: Pick<OpenOptions, 'poolSize' | 'onPoolError'> = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  pool.on('error', (error) => options.onPoolError?.(error));
  // The health check has a connection of its own, opened when first asked: under load it must not
  // wait for one of the pool's, behind every query waiting for them.
  const healthPool = new pg.Pool({ connectionString: url, max: 1 });
  healthPool.on('error', (error) => options.onPoolError?.(error));
  const label = `PostgreSQL at ${redactDatabaseUrl(url)}`;
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    await healthPool.end().catch(() => undefined);
    throw new DatabaseConnectError(
      `Cannot connect to DATABASE_URL (${redactDatabaseUrl(url)}): ${describeError(error)}`,
    );
  }
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    label,
    migrate: async () => {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const locked = drizzleNodePg({ client: connection, schema });
        await migrateDatabase(locked as unknown as Db, () =>
          migrateNodePg(locked, { migrationsFolder: MIGRATIONS_DIR }),
        );
      } finally {
        await connection
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
          .catch(() => undefined);
        connection.release();
      }
    },
    ping: async () => {
      await healthPool.query('select 1');
    },
    refreshStatistics: async () => undefined,
    durability: () => readDurability(db),
    close: async () => {
      await Promise.all([pool.end(), healthPool.end()]);
    },
  };
}

async function readDurability(db: Db): Promise<Durability> {
  const setting = async (name: string) => {
    const result = await db.execute(sql.raw(`show ${name}`));
    return String((result as unknown as { rows: Record<string, unknown>[] }).rows[0]![name]);
  };
  return {
    fsync: await setting('fsync'),
    synchronousCommit: await setting('synchronous_commit'),
    fullPageWrites: await setting('full_page_writes'),
  };
}

function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return describeError(error.errors[0]);
  }
  const e = error as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(' ') || String(error);
}
