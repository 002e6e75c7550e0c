import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readdir, rename, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DurableNodeFS } from './durable-node-fs';
import { syncPath, syncTree } from '../file-sync';

/**
 * PostgreSQL settings for the embedded database.
 *
 * - Durable: PGlite's defaults include `-F` (fsync off), under which a power cut or a kernel crash
 *   can lose acknowledged commits or leave the files unreadable. Without it every commit waits for
 *   its WAL to reach the disk. `wal_sync_method=fsync`: the default, fdatasync, is a no-op under
 *   WebAssembly (see `durable-node-fs.ts`). `synchronous_commit` and `full_page_writes` keep
 *   PostgreSQL's defaults, on.
 * - Small: it serves one process, so a 32 MB buffer pool does (the operating system caches the
 *   files too) instead of 128 MB.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'shared_buffers=32MB',
];

/**
 * The extensions the schema uses, loaded at every start: pg_trgm, for the contact search's trigram
 * indexes (migration 0029). A database whose indexes use one cannot be read without it.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens the embedded database in `pgDataDir`, creating it first when there is none. */
export async function startPglite(pgDataDir: string): Promise<PGlite> {
  if (!existsSync(path.join(pgDataDir, 'PG_VERSION'))) await createPgliteDatabase(pgDataDir);
  return PGlite.create({
    dataDir: pgDataDir,
    fs: new DurableNodeFS(pgDataDir),
    startParams: PGLITE_START_PARAMS,
    extensions: PGLITE_EXTENSIONS,
  });
}

export class NotADatabaseError extends Error {}

/**
 * Creates a new embedded database in `pgDataDir`, all at once: it is made in a sibling directory,
 * flushed to disk, then renamed into place, so a process killed (or a machine that loses power)
 * while creating one leaves either no database, created again at the next start, or a whole one.
 */
async function createPgliteDatabase(pgDataDir: string) {
  if (existsSync(pgDataDir)) {
    if ((await readdir(pgDataDir)).length > 0) {
      throw new NotADatabaseError(
        `${pgDataDir} holds files but no database (no PG_VERSION). ` +
          'Move it away, or empty it to start with a new database.',
      );
    }
    await rmdir(pgDataDir);
  }
  const staging = `${pgDataDir}.creating`;
  await rm(staging, { recursive: true, force: true });
  await initdbInWorker(staging);
  await syncTree(staging);
  await rename(staging, pgDataDir);
  await syncPath(path.dirname(pgDataDir));
}

/**
 * Runs initdb in a worker thread. initdb grows the WebAssembly memory by ~400 MB that an instance
 * never gives back; in a worker it is all released when the worker ends, so a server started on an
 * empty DATA_DIR is as small as one started on an existing database. Its writes are flushed
 * afterwards, all at once (`syncTree`).
 */
async function initdbInWorker(dataDir: string) {
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
        options: { dataDir, startParams: PGLITE_START_PARAMS },
      },
    },
  );
  const [code] = (await once(worker, 'exit')) as [number];
  if (code !== 0) throw new Error(`creating the embedded database in ${dataDir} failed`);
}
