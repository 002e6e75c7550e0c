import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../../src/server/db/client';

/**
 * Creates one migrated PGlite data directory for the whole run. Each test file copies it (see
 * helpers/database.ts), which costs a fraction of a second instead of an initdb and a migration.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tidings-pglite-template-'));
  const dataDir = path.join(dir, 'db');
  const database = await openPglite(dataDir, dir);
  await database.migrate();
  await database.close();
  project.provide('pgliteTemplateDir', dataDir);
  return () => rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    postgresTemplate: string;
  }
}
