import type { TestProject } from 'vitest/node';
import { newDatabaseTemplate } from '../../helpers/pglite-template';

/**
 * One migrated PGlite data directory for the whole run (kept for later runs of the same
 * migrations). Each test file copies it (see helpers/database.ts), which costs a fraction of a
 * second instead of an initdb and a migration.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplateDir', await newDatabaseTemplate());
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    postgresTemplate: string;
  }
}
