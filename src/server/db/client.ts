import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { redactDatabaseUrl } from '../env';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

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
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

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

/**
 * PostgreSQL settings for the embedded database. It serves one process, so a small buffer pool does
 * (the operating system caches the files too); 32 MB instead of 128 MB keeps the server smaller.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

async function startPglite(pgDataDir: string): Promise<PGlite> {
  const options = { dataDir: pgDataDir, startParams: PGLITE_START_PARAMS };
  if (!existsSync(path.join(pgDataDir, 'PG_VERSION'))) await createPgliteDatabase(options);
  return PGlite.create(options);
}

/**
 * Creates a new embedded database (initdb) in a worker thread. initdb grows the WebAssembly memory
 * by ~400 MB that an instance never gives back; in a worker it is all released when the worker ends,
 * so a server started on an empty DATA_DIR is as small as one started on an existing database.
 */
async function createPgliteDatabase(options: { dataDir: string; startParams: string[] }) {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     require(workerData.module)
       .PGlite.create(workerData.options)
       .then((db) => db.close())
       .catch((error) => { console.error(error); process.exit(1); });`,
    {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('@electric-sql/pglite'),
        options,
      },
    },
  );
  const [code] = (await once(worker, 'exit')) as [number];
  if (code !== 0) throw new Error(`creating the embedded database in ${options.dataDir} failed`);
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
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    label: `embedded PGlite in ${pgDataDir}`,
    migrate: () =>
      migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    refreshStatistics: async () => {
      await db.execute(sql`analyze`);
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
  const label = `PostgreSQL at ${redactDatabaseUrl(url)}`;
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
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
        await migrateNodePg(drizzleNodePg({ client: connection, schema }), {
          migrationsFolder: MIGRATIONS_DIR,
        });
      } finally {
        await connection
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
          .catch(() => undefined);
        connection.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    refreshStatistics: async () => undefined,
    close: () => pool.end(),
  };
}

function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return describeError(error.errors[0]);
  }
  const e = error as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(' ') || String(error);
}
