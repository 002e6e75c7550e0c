import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A migration that has landed may already have run on someone's database, and Drizzle never runs
 * it again: its text and its journal time are fixed for good (src/server/db/migrations/landed.json).
 * A change goes into a new migration.
 */

const DIR = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
const LIST = 'src/server/db/migrations/landed.json';

const journal = JSON.parse(readFileSync(path.join(DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};
const landed = JSON.parse(readFileSync(path.join(DIR, 'landed.json'), 'utf8')) as Record<
  string,
  { when: number; sha256: string }
>;

const now = Object.fromEntries(
  journal.entries.map(({ tag, when }) => [
    tag,
    {
      when,
      sha256: createHash('sha256')
        .update(readFileSync(path.join(DIR, `${tag}.sql`), 'utf8'))
        .digest('hex'),
    },
  ]),
);

describe('landed migrations', () => {
  it.each(Object.keys(landed))('%s keeps the text and the journal time it landed with', (tag) => {
    expect(
      now[tag],
      `${tag} has changed since it landed, and databases that ran it will never run it again. ` +
        `Put it back as ${LIST} records it, and write the change as a new migration ` +
        `(npm run db:generate).`,
    ).toEqual(landed[tag]);
  });

  it('lists every migration, in the order of the journal', () => {
    const missing = journal.entries.filter(({ tag }) => !landed[tag]);
    expect(
      missing.map(({ tag }) => `"${tag}": ${JSON.stringify(now[tag])}`),
      `Add each migration below to ${LIST}: from the moment it lands, that text and that time ` +
        `are final. Then keep a fixture of the state before it: npx tsx scripts/landed-fixtures.ts`,
    ).toEqual([]);
    expect(Object.keys(landed)).toEqual(journal.entries.map(({ tag }) => tag));
  });
});
