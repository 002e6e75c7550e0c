import { databaseError } from './errors';
import type { MigrationFile } from './migration-files';

/** Migrating stopped; the message is one line for `Tidings could not start: …`. */
export class MigrationError extends Error {}

/** Longest part of the failed statement the message quotes. */
const STATEMENT_LIMIT = 160;

/**
 * What stopped a migration, in one line: the migration, the database's own error and its SQLSTATE
 * (Drizzle's error says only 'Failed query: …' and keeps PostgreSQL's as its cause), and the
 * statement it stopped on.
 */
export function migrationFailure(error: unknown, migrations: MigrationFile[]): MigrationError {
  const { code, message } = databaseError(error);
  const query = failedQuery(error);
  const migration = query && migrations.find(({ statements }) => statements.includes(query));
  const what = migration ? `Migration ${migration.tag} failed` : 'Migrating the database failed';
  if (!message) return new MigrationError(`${what}: ${(error as Error)?.message ?? error}`);
  const state = code && /^[0-9A-Z]{5}$/.test(code) ? ` (SQLSTATE ${code})` : '';
  return new MigrationError(`${what}: ${message}${state}${query ? `, in ${oneLine(query)}` : ''}`);
}

/** The statement that failed: Drizzle's error names it, and PGlite's own does too. */
function failedQuery(error: unknown): string | undefined {
  for (let e = error as { query?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (typeof e.query === 'string') return e.query;
  }
  return undefined;
}

/** A statement without its comments, on one line, cut to STATEMENT_LIMIT. */
function oneLine(statement: string): string {
  const text = statement
    .replace(/^\s*--.*$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > STATEMENT_LIMIT ? `${text.slice(0, STATEMENT_LIMIT - 1)}…` : text;
}
