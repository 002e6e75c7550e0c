import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '../project-root';

export const MIGRATIONS_DIR = projectPath('src/server/db/migrations');

/** One migration of this Tidings, as Drizzle's migrator reads and records it. */
export interface MigrationFile {
  tag: string;
  /** The journal's time, which Drizzle records as the migration's `created_at`. */
  when: number;
  /** SHA-256 of the file's text, which Drizzle records as its `hash`. */
  hash: string;
  /** The statements Drizzle runs one by one. */
  statements: string[];
}

/** This Tidings' migrations, in the journal's order (Drizzle's own reading of the folder). */
export function readMigrations(folder = MIGRATIONS_DIR): MigrationFile[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    return {
      tag,
      when,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint'),
    };
  });
}
