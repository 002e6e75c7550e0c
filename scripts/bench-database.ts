/**
 * The scratch databases every benchmark measures on: the embedded database in a temporary
 * DATA_DIR, and PostgreSQL in a database of its own, created on the server at BENCH_DATABASE_URL
 * (else TEST_DATABASE_URL, else the local server at postgres://postgres@127.0.0.1:5432/test) and
 * dropped afterwards. `BENCH_ONLY=pglite` (or `postgres`) measures one database; `BENCH_KEEP=1`
 * keeps the PostgreSQL database (its URL is printed), to study its plans. A PostgreSQL server that
 * cannot be reached is reported and skipped: the embedded figures still count.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type BenchDatabaseKind = 'pglite' | 'postgres';

export interface ScratchDatabase {
  kind: BenchDatabaseKind;
  /** `PGlite` or `PostgreSQL`, to label figures with. */
  label: string;
  /** A temporary directory of its own (the embedded database's files, media). */
  dataDir: string;
  /** What the server's configuration needs to open this database (`loadConfig`, `startServer`). */
  env: { DATA_DIR: string; DATABASE_URL: string };
}

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const LABELS: Record<BenchDatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** The PostgreSQL server the scratch databases are created on. */
export const benchPostgresServer = () =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES;

/** Runs one statement on the server (CREATE/DROP DATABASE cannot run in a transaction). */
async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function withScratchDir<T>(name: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `tidings-bench-${name}-`));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A new database on the PostgreSQL server for `use`, dropped afterwards; null if unreachable. */
async function withScratchPostgres<T>(
  name: string,
  use: (url: string) => Promise<T>,
): Promise<{ result: T } | null> {
  const server = benchPostgresServer();
  const database = `tidings_bench_${name}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const url = new URL(server);
  url.pathname = `/${database}`;
  try {
    await adminQuery(server, `create database ${database}`);
  } catch (error) {
    console.log(`PostgreSQL at ${server} is not available: ${(error as Error).message}`);
    return null;
  }
  try {
    return { result: await use(url.toString()) };
  } finally {
    if (process.env.BENCH_KEEP === '1') console.log(`PostgreSQL: kept the database ${url}`);
    else await adminQuery(server, `drop database if exists ${database} with (force)`);
  }
}

/**
 * Runs `use` on a scratch database of each kind in `order` that BENCH_ONLY allows, one after the
 * other, and removes each afterwards; the results of the ones that ran.
 */
export async function onEachDatabase<T>(
  name: string,
  use: (scratch: ScratchDatabase) => Promise<T>,
  order: BenchDatabaseKind[] = ['pglite', 'postgres'],
): Promise<T[]> {
  const only = process.env.BENCH_ONLY;
  const results: T[] = [];
  for (const kind of order.filter((each) => !only || each === only)) {
    await withScratchDir(`${name}-${kind}`, async (dataDir) => {
      const scratch = (databaseUrl: string): ScratchDatabase => ({
        kind,
        label: LABELS[kind],
        dataDir,
        env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      });
      if (kind === 'pglite') {
        results.push(await use(scratch('')));
      } else {
        const ran = await withScratchPostgres(name, (url) => use(scratch(url)));
        if (ran) results.push(ran.result);
      }
    });
  }
  return results;
}
