import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPglite, type Db } from '../../src/server/db/client';
import { contactImports, users } from '../../src/server/db/schema';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';
import { csvFile, importState, queueImport } from './helpers/imports';
import { copyDatabase } from '../helpers/pglite-template';

/**
 * The real server killed (SIGKILL) in the middle of an import, then started again: the import goes
 * on where it stopped, and every row of the file ends up once, as a contact or as a reject. On the
 * embedded database the restarted server takes the import back at once; on PostgreSQL it does so
 * once the killed server's lease has passed.
 */

// Long enough that the kill lands in the middle: a thousand rows in, five thousand still to come
// (batches of 50, each its own transaction).
const ROWS = 6_000;
/** Rows written when the first server is killed. */
const KILL_AFTER = 1_000;
const BATCH = '50';
const ADMIN = { email: 'admin@restart-admin.test', password: 'restart-pass-1' };

/**
 * Row i (file row i + 1) is person i, except every thousandth, whose email is invalid, and every
 * thousandth plus 500, which repeats the email of 250 rows earlier (perhaps written before the kill).
 */
function restartFile() {
  const rows = [['Email', 'First name', 'Last name', 'Phone']];
  const rejected = new Map<number, string>();
  for (let i = 1; i <= ROWS; i++) {
    let email = `p${i}@restart.test`;
    if (i % 1000 === 0) {
      email = `not-an-email-${i}`;
      rejected.set(i + 1, messages.contacts.emailInvalid);
    } else if (i % 1000 === 500) {
      email = `p${i - 250}@restart.test`;
      rejected.set(i + 1, formatMessage(messages.contactImport.duplicateInFile, { row: i - 249 }));
    }
    rows.push([email, 'Ann', `Person${i}`, `+1503${String(5_000_000 + i)}`]);
  }
  return { content: csvFile(rows), rejected };
}

const { content, rejected } = restartFile();
const created = ROWS - rejected.size;

let servers: RunningServer[] = [];
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  for (const server of servers) await server.stop();
  servers = [];
  await cleanup?.();
  cleanup = undefined;
});

async function until<T>(check: () => Promise<T | false>, what: string, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function start(env: Record<string, string>) {
  const server = await startServer({ IMPORT_BATCH_SIZE: BATCH, ...env });
  servers.push(server);
  return server;
}

async function kill(server: RunningServer) {
  process.kill(server.pid, 'SIGKILL');
  await server.stop();
  servers = servers.filter((other) => other !== server);
}

/** Every row once: a contact for each valid row, a reject for each other, and counts that add up. */
async function expectEachRowOnce(db: Db, id: string) {
  const state = await importState(db, id);
  expect(state).toMatchObject({
    status: 'done',
    total: ROWS,
    processed: ROWS,
    created,
    updated: 0,
    skipped: rejected.size,
    errorCount: rejected.size,
    content: null,
  });
  expect(
    state.rejects.map(({ row, problems }) => [row, problems.map((p) => p.message).join('; ')]),
  ).toEqual([...rejected]);
  const [counts] = await db
    .select({
      contacts: sql<number>`count(*)::int`,
      emails: sql<number>`count(distinct ${users.email})::int`,
      names: sql<number>`count(distinct ${users.lastName})::int`,
    })
    .from(users)
    .where(like(users.email, '%@restart.test'));
  expect(counts).toEqual({ contacts: created, emails: created, names: created });
}

describe('a server killed in the middle of an import', () => {
  if (TEST_DB === 'pglite') {
    it('goes on after a restart on the embedded database, creating nothing twice', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-import-restart-'));
      cleanup = () => rm(dataDir, { recursive: true, force: true });
      const pgDataDir = path.join(dataDir, 'db');
      await copyDatabase(inject('pgliteTemplateDir'), pgDataDir);
      // The embedded database is one process's: the import is queued before the server opens it.
      let database = await openPglite(pgDataDir, dataDir);
      const id = await queueImport(database.db, { content });
      await database.close();

      const env = {
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'info',
      };
      const first = await start(env);
      // What the server shows of the import's progress here: the contacts list growing.
      const login = await fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const { token } = (await login.json()) as { token: string };
      const contactCount = async () => {
        const response = await fetch(`${first.url}/api/contacts?perPage=1`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await response.json()) as { total: number }).total - 1;
      };
      const before = await until(async () => {
        const count = await contactCount();
        return count >= KILL_AFTER && count;
      }, 'the first contacts of the import');
      await kill(first);

      const second = await start(env);
      await until(
        async () => second.output().includes('a contact import finished'),
        'the import to finish',
      );
      await second.stop();
      servers = [];

      database = await openPglite(pgDataDir, dataDir);
      try {
        expect(before).toBeLessThan(created);
        await expectEachRowOnce(database.db, id);
      } finally {
        await database.close();
      }
    }, 120_000);
  }

  if (TEST_DB === 'postgres') {
    it('is taken over on PostgreSQL once its lease has passed, creating nothing twice', async () => {
      const testDb: TestDatabase = await createTestDatabase();
      cleanup = () => testDb.dispose();
      const db = testDb.database.db;
      const id = await queueImport(db, { content });
      const progress = async () =>
        (
          await db
            .select({ status: contactImports.status, processed: contactImports.processed })
            .from(contactImports)
            .where(eq(contactImports.id, id))
        )[0]!;

      const env = { DATABASE_URL: testDb.url!, IMPORT_LEASE_SECONDS: '2' };
      const first = await start(env);
      const before = await until(async () => {
        const { processed } = await progress();
        return processed >= KILL_AFTER && processed;
      }, 'the first rows of the import');
      await kill(first);
      expect(await progress()).toMatchObject({ status: 'running' });

      await start(env);
      await until(async () => (await progress()).status === 'done', 'the import to finish');
      expect(before).toBeLessThan(ROWS);
      await expectEachRowOnce(db, id);
    }, 120_000);
  }
});
