import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { DurableNodeFS } from '../../src/server/db/durable-node-fs';
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from '../../src/server/db/pglite';
import { launchServer, startServer, type LaunchedServer } from './server';

/**
 * The embedded database under SIGKILL: the real server killed at random moments while several
 * clients write through the API, and during first starts. A write is acknowledged when the API
 * answered 201; every acknowledged write must be found exactly once afterwards, every start must
 * succeed, and the indexes must agree with the table (amcheck). `tests/api/crash.test.ts` runs a
 * few rounds; `npm run bench:crash` many.
 */

export interface CrashOptions {
  /** Rounds of writes ended by a SIGKILL, on one database. */
  rounds: number;
  /** First starts killed, each on an empty DATA_DIR, then started again. */
  firstStarts: number;
  /** Clients writing at once. */
  writers: number;
  /** A round's SIGKILL comes this long after its writes began, at random in [min, max]. */
  killAfterMs: [number, number];
  /** A line of progress. */
  log?: (line: string) => void;
}

export interface CrashReport {
  rounds: number;
  firstStarts: number;
  /** First starts the SIGKILL reached before the server said it was running. */
  firstStartsCut: number;
  acknowledged: number;
  lost: string[];
  duplicates: string[];
  /** Writes in flight at a kill (never answered) that were committed anyway: allowed. */
  unansweredFound: number;
  /** Index and table pages that amcheck found inconsistent. */
  corruption: string[];
}

export const CRASH_ADMIN = { ADMIN_EMAIL: 'crash@example.org', ADMIN_PASSWORD: 'crash-test-1' };
const DOMAIN = 'crash.test';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([min, max]: [number, number]) => min + Math.random() * (max - min);

async function kill(server: LaunchedServer) {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: CRASH_ADMIN.ADMIN_EMAIL, password: CRASH_ADMIN.ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * A first start killed at a random moment (creating the database, migrating, creating the admin,
 * or just after), then a start that must succeed with the admin able to sign in. Resolves with
 * whether the kill came before the server said it was running.
 */
async function killFirstStart(dataDir: string, killAfterMs: number): Promise<boolean> {
  const first = await launchServer({ DATA_DIR: dataDir, ...CRASH_ADMIN });
  await pause(killAfterMs);
  const cut = !first.stdout().includes('Tidings is running at');
  await kill(first);
  const second = await startServer({ DATA_DIR: dataDir, ...CRASH_ADMIN });
  try {
    await signIn(second.url);
  } finally {
    await second.stop();
  }
  return cut;
}

interface Ledger {
  acknowledged: string[];
  unanswered: string[];
}

/** One client: creates contacts one after another until the server stops answering. */
async function writeUntilKilled(url: string, token: string, name: string, ledger: Ledger) {
  for (let n = 1; ; n++) {
    const key = `${name}n${n}`;
    let status: number;
    try {
      const response = await fetch(`${url}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          email: `${key}@${DOMAIN}`,
          role: 'participant',
          status: 'active',
          profile: { firstName: 'Crash', lastName: key },
          sendOptinMessage: false,
          sendWelcomeEmail: false,
        }),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      ledger.unanswered.push(key);
      return;
    }
    if (status !== 201) throw new Error(`POST /api/contacts answered ${status} for ${key}`);
    ledger.acknowledged.push(key);
  }
}

/** A round: the server started on `dataDir`, `writers` clients writing, a SIGKILL. */
async function writeRound(dataDir: string, round: number, options: CrashOptions, ledger: Ledger) {
  const server = await startServer({ DATA_DIR: dataDir, ...CRASH_ADMIN });
  const token = await signIn(server.url);
  const writers = Array.from({ length: options.writers }, (_, w) =>
    writeUntilKilled(server.url, token, `r${round}w${w}`, ledger),
  );
  await pause(between(options.killAfterMs));
  process.kill(server.pid, 'SIGKILL');
  await server.stop();
  await Promise.all(writers);
}

/** What the database holds of the writes, read with the server stopped. */
async function readBack(dataDir: string) {
  const pgDataDir = path.join(dataDir, 'db');
  const pg = await PGlite.create({
    dataDir: pgDataDir,
    fs: new DurableNodeFS(pgDataDir),
    startParams: PGLITE_START_PARAMS,
    extensions: { ...PGLITE_EXTENSIONS, amcheck },
  });
  try {
    const counts = await pg.query<{ key: string; copies: number }>(
      `select last_name as key, count(*)::int as copies from users
       where email like '%@${DOMAIN}' group by last_name`,
    );
    await pg.exec('create extension if not exists amcheck');
    const heap = await pg.query<{ blkno: number; msg: string }>(
      `select blkno, msg from verify_heapam('users')`,
    );
    const indexes = await pg.query<{ name: string }>(
      `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
       join pg_am a on a.oid = c.relam
       where i.indrelid = 'users'::regclass and a.amname = 'btree'`,
    );
    const corruption = heap.rows.map((row) => `users block ${row.blkno}: ${row.msg}`);
    for (const { name } of indexes.rows) {
      try {
        // heapallindexed: every row of the table must be found in the index.
        await pg.query(`select bt_index_check($1::regclass, true)`, [name]);
      } catch (error) {
        corruption.push(`${name}: ${(error as Error).message}`);
      }
    }
    return { copies: new Map(counts.rows.map((row) => [row.key, row.copies])), corruption };
  } finally {
    await pg.close();
  }
}

export async function runCrashRounds(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => undefined);
  const root = await mkdtemp(path.join(os.tmpdir(), 'tidings-crash-'));
  try {
    let firstStartsCut = 0;
    for (let i = 0; i < options.firstStarts; i++) {
      // A first start takes a few seconds: initdb, the migrations, the admin.
      const cut = await killFirstStart(path.join(root, `first-${i}`), between([0, 4000]));
      if (cut) firstStartsCut++;
      log(
        `first start ${i + 1}/${options.firstStarts}: killed ${cut ? 'while starting' : 'after'}`,
      );
    }

    const dataDir = path.join(root, 'rounds');
    const ledger: Ledger = { acknowledged: [], unanswered: [] };
    for (let round = 1; round <= options.rounds; round++) {
      await writeRound(dataDir, round, options, ledger);
      log(`round ${round}/${options.rounds}: ${ledger.acknowledged.length} acknowledged so far`);
    }
    // Opening the files recovers from the last kill as a start would (each other kill was
    // followed by one).
    const { copies, corruption } = await readBack(dataDir);
    return {
      rounds: options.rounds,
      firstStarts: options.firstStarts,
      firstStartsCut,
      acknowledged: ledger.acknowledged.length,
      lost: ledger.acknowledged.filter((key) => !copies.has(key)),
      duplicates: [...copies].filter(([, n]) => n > 1).map(([key]) => key),
      unansweredFound: ledger.unanswered.filter((key) => copies.has(key)).length,
      corruption,
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
