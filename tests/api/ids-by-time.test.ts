import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../../src/server/db/rows';
import { startTestApp, type TestContext } from './helpers/app';

/** The database's uuid_v7() (migration 0020), the default id of the rows written by the hundred thousand. */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('uuid_v7() in the database', () => {
  it('makes RFC 9562 version 7 UUIDs that carry the time they were made at, all different', async () => {
    const before = Date.now();
    const rows = await rowsOf<{ id: string }>(
      ctx.db,
      sql`select uuid_v7()::text as id from generate_series(1, 10000)`,
    );
    const after = Date.now();
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    for (const { id } of rows) {
      expect(z.uuidv7().safeParse(id).success).toBe(true);
      const time = parseInt(id.replaceAll('-', '').slice(0, 12), 16);
      expect(time).toBeGreaterThanOrEqual(before - 1000);
      expect(time).toBeLessThanOrEqual(after + 1000);
    }
  });
});
