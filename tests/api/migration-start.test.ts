import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openPglite, openPostgres } from '../../src/server/db/client';
import { runServerToExit } from '../helpers/server';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';

/**
 * The server refuses, in one line, a database it cannot bring up to date: a migration that fails
 * says what the database answered, and a database that a newer Tidings migrated is left untouched.
 */

const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as {
  entries: { tag: string; when: number }[];
};
const LAST = journal.entries.at(-1)!;
const SIMULATED_REPLIES = journal.entries.find((e) => e.tag === '0013_simulated_replies')!;
const HOUR = 3_600_000;

let testDb: TestDatabase;
beforeEach(async () => {
  testDb = await createTestDatabase();
});
afterEach(() => testDb.dispose());

const serverEnv = (): Record<string, string> => ({
  DATA_DIR: testDb.dataDir,
  ...(TEST_DB === 'postgres' ? { DATABASE_URL: testDb.url! } : {}),
});

/** The test database opened again once the server process has let it go. */
async function reopen() {
  return TEST_DB === 'postgres'
    ? openPostgres(testDb.url!, { poolSize: 1 })
    : openPglite(`${testDb.dataDir}/db`, testDb.dataDir);
}

describe('starting on a database it cannot bring up to date', () => {
  it("stops with the database's own error and the migration that met it", async () => {
    // Drizzle forgets 0013 and what followed: the next start runs 0013 again, on what it made.
    await testDb.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at >= ${SIMULATED_REPLIES.when}`,
    );
    await testDb.database.close();

    const result = await runServerToExit(serverEnv());
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Tidings could not start: Migration 0013_simulated_replies failed: column "simulated_by" of ' +
        'relation "inbound_messages" already exists (SQLSTATE 42701), in ALTER TABLE ' +
        '"inbound_messages" ADD COLUMN "simulated_by" uuid;\n',
    );
  }, 60_000);

  it('refuses a database that a newer Tidings migrated, and leaves it as it was', async () => {
    const newer = LAST.when + HOUR;
    await testDb.database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at)
      values ('1f0e5d2c3b4a59687f6e5d4c3b2a190817263544536271809a8b7c6d5e4f3a2b', ${newer})`);
    await testDb.database.close();

    const result = await runServerToExit(serverEnv(), 20_000);
    expect(result.code).toBe(1);
    const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(result.stderr).toBe(
      `Tidings could not start: The database was migrated by a newer Tidings: its last migration ` +
        `(${utc(newer)}, hash 1f0e5d2c) is later than this version's last, ${LAST.tag} ` +
        `(${utc(LAST.when)}). Run that newer version, or restore a backup taken before it ran.\n`,
    );

    // Nothing ran: no migration, no first admin.
    const database = await reopen();
    try {
      const users = await database.db.execute(sql`select count(*)::int as n from users`);
      expect((users as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});
