import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../src/server/auth/login-throttle';
import { startServer, type RunningServer } from '../helpers/server';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';
import { copyDatabase } from '../helpers/pglite-template';

/**
 * The sign-in limit across real server processes: attempts at one account, sent at once to every
 * process sharing the database, get no more password checks than the limit. On PostgreSQL three
 * processes share one database; the embedded database belongs to one process, so there it is one.
 */

const ADMIN = { ADMIN_EMAIL: 'limit.admin@tidings.local', ADMIN_PASSWORD: 'the right password' };
const PROCESSES = TEST_DB === 'postgres' ? 3 : 1;

let servers: RunningServer[] = [];
let testDb: TestDatabase | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  let env: Record<string, string>;
  if (TEST_DB === 'postgres') {
    testDb = await createTestDatabase();
    await testDb.database.close();
    env = { DATABASE_URL: testDb.url! };
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-limit-'));
    await copyDatabase(inject('pgliteTemplateDir'), path.join(dataDir, 'db'));
    env = { DATA_DIR: dataDir };
  }
  servers = await Promise.all(
    Array.from({ length: PROCESSES }, () => startServer({ ...env, ...ADMIN, LOG_LEVEL: 'fatal' })),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await testDb?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('checks no more passwords than the limit, however many processes the guesses reach', async () => {
  const guesses = 40;
  const statuses = await Promise.all(
    Array.from({ length: guesses }, async (_, i) => {
      const server = servers[i % servers.length]!;
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: `wrong guess ${i}` }),
      });
      return response.status;
    }),
  );
  expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_THROTTLE.maxPerAccount);
  expect(statuses.filter((status) => status === 429)).toHaveLength(
    guesses - LOGIN_THROTTLE.maxPerAccount,
  );

  // Locked now: even the right password is refused, by every process.
  for (const server of servers) {
    const right = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    expect(right.status).toBe(429);
  }
});
