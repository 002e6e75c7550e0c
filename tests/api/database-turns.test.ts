import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';

/**
 * Statements waiting for the database do not hold the event loop: while many are queued, the
 * server still reads sockets and runs timers between them (the embedded database runs in the
 * server's own thread). On the embedded database they run one at a time, in the order they were
 * asked for; PostgreSQL runs them side by side on its pool, in no set order.
 */

let testDb: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(() => testDb.dispose());

it('lets the event loop turn while statements are queued (in order, on the embedded database)', async () => {
  const ended: number[] = [];
  let endedWhenTheLoopTurned = -1;
  const statements = Array.from({ length: 200 }, (_, i) =>
    db.execute(sql`select count(*) from generate_series(1, 20000)`).then(() => ended.push(i)),
  );
  setImmediate(() => {
    endedWhenTheLoopTurned = ended.length;
  });
  await Promise.all(statements);
  if (TEST_DB === 'pglite') expect(ended).toEqual(Array.from({ length: 200 }, (_, i) => i));
  expect(ended).toHaveLength(200);
  expect(endedWhenTheLoopTurned).toBeGreaterThanOrEqual(0);
  expect(endedWhenTheLoopTurned).toBeLessThan(200);
});
