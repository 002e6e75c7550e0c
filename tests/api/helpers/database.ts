import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../../src/server/db/client';
import { adminQuery, databaseUrl } from './postgres';
import { copyDatabase } from '../../helpers/pglite-template';

export type TestDbKind = 'pglite' | 'postgres';

/** Which database this run of the API suite uses (set per Vitest project). */
export const TEST_DB: TestDbKind =
  process.env.TIDINGS_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  /** A data directory for this test file (media, the PGlite files). */
  dataDir: string;
  /** The URL of this file's own PostgreSQL database (postgres runs only). */
  url?: string;
  dispose(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-test-'));
  if (TEST_DB === 'postgres') {
    const name = `tidings_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await adminQuery(`create database ${name} template ${inject('postgresTemplate')}`);
    const url = databaseUrl(name);
    const database = await openPostgres(url, { poolSize: 5 });
    return {
      database,
      dataDir,
      url,
      async dispose() {
        // A test may have closed the database itself (to simulate an outage).
        await database.close().catch(() => undefined);
        await adminQuery(`drop database if exists ${name} with (force)`);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const pgDataDir = path.join(dataDir, 'db');
  await copyDatabase(inject('pgliteTemplateDir'), pgDataDir);
  const database = await openPglite(pgDataDir, dataDir);
  return {
    database,
    dataDir,
    async dispose() {
      await database.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
