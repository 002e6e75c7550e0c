import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { DEFAULT_ADMIN_EMAIL } from '../../src/server/services/bootstrap';
import { runServerToExit, startServer, type RunningServer } from '../helpers/server';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';

/**
 * The first admin's generated password is printed once, after it is committed. A server killed
 * between the two (here at the instant it would print) leaves an admin nobody can sign in as; the
 * next start says how to get in, once.
 */

const DIE_BEFORE_NOTICE = path.resolve(
  import.meta.dirname,
  '../helpers/die-before-admin-notice.ts',
);
const NEW_PASSWORD = 'chosen-after-a-crash-1';

let testDb: TestDatabase;
let servers: RunningServer[] = [];
beforeEach(async () => {
  testDb = await createTestDatabase();
  // The server processes open the database themselves.
  await testDb.database.close();
});
afterEach(async () => {
  for (const server of servers) await server.stop();
  servers = [];
  await testDb.dispose();
});

const serverEnv = (): Record<string, string> => ({
  DATA_DIR: testDb.dataDir,
  ...(TEST_DB === 'postgres' ? { DATABASE_URL: testDb.url! } : {}),
});

async function start() {
  const server = await startServer(serverEnv());
  servers.push(server);
  return server;
}

/** The database as the test reads it while no server runs. */
async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  const database = testDb.url
    ? await openPostgres(testDb.url, { poolSize: 1 })
    : await openPglite(path.join(testDb.dataDir, 'db'), testDb.dataDir);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a server killed after creating the first admin, before printing its password', () => {
  it('is followed by a start that prints a set-password link once, which lets the admin in', async () => {
    const killed = await runServerToExit(serverEnv(), 60_000, DIE_BEFORE_NOTICE);
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.stdout).not.toContain('Password:');
    // The admin was committed with a password nobody has seen.
    const [admin] = await withDatabase(({ db }) =>
      db.select().from(users).where(eq(users.email, DEFAULT_ADMIN_EMAIL)),
    );
    expect(admin).toMatchObject({ role: 'admin', passwordHash: expect.any(String) });

    const second = await start();
    const link = /(http\S+\/set-password\?userId=\S+&token=\S+)/.exec(second.output())?.[1];
    expect(second.output(), 'the second start says how to get in').toMatch(/set-password/);
    const { searchParams } = new URL(link!);
    expect(searchParams.get('userId')).toBe(admin!.id);
    expect(second.output()).toContain(DEFAULT_ADMIN_EMAIL);

    const set = await post(`${second.url}/api/contacts/set-password`, {
      userId: searchParams.get('userId'),
      token: searchParams.get('token'),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(set.status).toBe(200);
    const login = await post(`${second.url}/api/auth/login`, {
      email: DEFAULT_ADMIN_EMAIL,
      password: NEW_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(await second.stop()).toBe(0);
    servers = [];

    // Said once: the next start is silent about the admin.
    const third = await start();
    expect(third.output()).not.toContain('set-password');
    expect(third.output()).not.toContain('first admin');
  }, 120_000);

  it('is not followed by any notice when the password was printed', async () => {
    const first = await start();
    expect(first.output()).toContain('Password:');
    expect(await first.stop()).toBe(0);
    servers = [];
    const second = await start();
    expect(second.output()).not.toContain('set-password');
    expect(second.output()).not.toContain('first admin');
  }, 120_000);
});
