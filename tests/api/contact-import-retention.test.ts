import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { contactImportRejects, contactImports } from '../../src/server/db/schema';
import { deleteOldImports, IMPORT_RETENTION_MS } from '../../src/server/imports/retention';
import type { ImportStatus } from '../../src/shared/contact-import';
import { createTestDatabase, type TestDatabase } from './helpers/database';

let testDb: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(() => testDb.dispose());

const DAY = 24 * 60 * 60 * 1000;

async function anImport(filename: string, status: ImportStatus, finishedDaysAgo: number | null) {
  const [row] = await db
    .insert(contactImports)
    .values({
      importerRole: 'admin',
      filename,
      format: 'csv',
      columns: ['Email'],
      mapping: ['email'],
      duplicates: 'skip',
      status,
      total: 1,
      finishedAt: finishedDaysAgo === null ? null : new Date(Date.now() - finishedDaysAgo * DAY),
    })
    .returning({ id: contactImports.id });
  await db.insert(contactImportRejects).values({
    importId: row!.id,
    row: 2,
    cells: ['x'],
    problems: [{ field: 'email', message: 'x' }],
  });
  return row!.id;
}

describe('finished imports are kept for a month', () => {
  it('deletes imports finished over 30 days ago with their reports, and nothing else', async () => {
    expect(IMPORT_RETENTION_MS).toBe(30 * DAY);
    await anImport('old-done.csv', 'done', 31);
    await anImport('old-failed.csv', 'failed', 40);
    const recent = await anImport('recent.csv', 'done', 29);
    const running = await anImport('running.csv', 'running', null);
    const queued = await anImport('queued.csv', 'queued', null);

    await deleteOldImports(db);

    const left = await db.select({ id: contactImports.id }).from(contactImports);
    expect(left.map((row) => row.id).sort()).toEqual([recent, running, queued].sort());
    const rejects = await db
      .select({ importId: contactImportRejects.importId })
      .from(contactImportRejects);
    expect(rejects.map((row) => row.importId).sort()).toEqual([recent, running, queued].sort());
  });
});
