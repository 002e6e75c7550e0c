import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import {
  emptyDatabase,
  landedStates,
  loadLandedState,
  migrationsTableOf,
  schemaOf,
  storedRows,
} from './helpers/landed';

/**
 * Each database that a landed version of Tidings left (its migrations table, its schema and a few
 * rows, in tests/api/fixtures/landed) is brought up to today's at start: Drizzle's record of it ends
 * as a new database's, so does its schema, and every row it held is still there, equal. The states
 * run one after another on one database, emptied between them.
 */

let testDb: TestDatabase;
let expected: { migrations: unknown; schema: string[] };

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb.database;
  expected = { migrations: await migrationsTableOf(db), schema: await schemaOf(db) };
});
afterAll(() => testDb?.dispose());

describe('starting on a database that a landed Tidings left', () => {
  it.each(landedStates())('upgrades the one of $name', async (state) => {
    const { database } = testDb;
    const { db } = database;
    await emptyDatabase(db);
    await loadLandedState(db, state);

    await database.migrate();

    expect(await migrationsTableOf(db)).toEqual(expected.migrations);
    expect(await schemaOf(db)).toEqual(expected.schema);
    for (const { table, rows } of state.tables) {
      const stored = await storedRows(db, table);
      // Columns that a later migration dropped are gone; every other value is as it was stored.
      const kept = stored.map((row, i) =>
        Object.fromEntries(
          Object.keys(rows[i] ?? {}).flatMap((c) => (c in row ? [[c, row[c]]] : [])),
        ),
      );
      const before = rows.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([c]) => c in (stored[0] ?? {}))),
      );
      expect({ table, rows: kept }).toEqual({ table, rows: before });
    }
  });
});
