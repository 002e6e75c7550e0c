/**
 * Writes tests/api/fixtures/landed/: one fixture for each state of the migrations that a commit of
 * the branch's history (first parents: what landed) left, commits with the same migrations sharing
 * one. A fixture is the database that state's Tidings made at its start: its migrations table (each
 * migration's tag, journal time and hash, as Drizzle recorded them), the SQL that built its schema
 * (migrations/<hash>.sql, shared by the states that ran the same text, and only for texts no
 * migration of today holds: a landed migration never changes) and a few rows of each table,
 * stored by that schema (scripts/landed-sample-rows.ts). tests/api/landed-upgrades.test.ts upgrades
 * each one, so it needs no git history: CI may run on a shallow clone.
 *
 *   npx tsx scripts/landed-fixtures.ts [ref]     (ref: the history to walk, HEAD by default)
 *
 * Run it again once a migration has landed, so the state before it is kept too.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as prettier from 'prettier';
import { PGLITE_EXTENSIONS } from '../src/server/db/pglite';
import { SAMPLE_TABLES } from './landed-sample-rows';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIGRATIONS = 'src/server/db/migrations';
const OUT = path.join(ROOT, 'tests/api/fixtures/landed');

interface Migration {
  tag: string;
  when: number;
  hash: string;
}

interface State {
  commits: string[];
  migrations: Migration[];
  /** Each migration's SQL, by hash. */
  texts: Map<string, string>;
}

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The migrations a commit holds, as its Drizzle would have applied them; null before there were any. */
function migrationsAt(commit: string, blobs: Map<string, string>) {
  let journal: { entries: { tag: string; when: number }[] };
  try {
    journal = JSON.parse(git('show', `${commit}:${MIGRATIONS}/meta/_journal.json`));
  } catch {
    return null;
  }
  const files = new Map(
    git('ls-tree', commit, `${MIGRATIONS}/`)
      .trim()
      .split('\n')
      .map((line) => {
        const [, , blob, file] = line.split(/\s+/);
        return [path.basename(file!), blob!] as const;
      }),
  );
  const texts = new Map<string, string>();
  const migrations = journal.entries.map(({ tag, when }) => {
    const blob = files.get(`${tag}.sql`);
    if (!blob) throw new Error(`${commit}: the journal lists ${tag}, which has no SQL file`);
    if (!blobs.has(blob)) blobs.set(blob, git('cat-file', 'blob', blob));
    const text = blobs.get(blob)!;
    const hash = sha256(text);
    texts.set(hash, text);
    return { tag, when, hash };
  });
  return { migrations, texts };
}

/** The landed states, oldest first, each with the commits that left it. */
function landedStates(ref: string): State[] {
  const states = new Map<string, State>();
  const blobs = new Map<string, string>();
  for (const commit of git('rev-list', '--first-parent', '--reverse', ref).trim().split('\n')) {
    const found = migrationsAt(commit, blobs);
    if (!found) continue;
    const key = JSON.stringify(found.migrations);
    const state = states.get(key) ?? { commits: [], ...found };
    state.commits.push(commit.slice(0, 7));
    states.set(key, state);
  }
  return [...states.values()];
}

/** Today's migrations (the working tree): a state equal to them has nothing to upgrade. */
async function currentKey(): Promise<string> {
  const journal = JSON.parse(
    await readFile(path.join(ROOT, MIGRATIONS, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  const migrations = await Promise.all(
    journal.entries.map(async ({ tag, when }) => ({
      tag,
      when,
      hash: sha256(await readFile(path.join(ROOT, MIGRATIONS, `${tag}.sql`), 'utf8')),
    })),
  );
  return JSON.stringify(migrations);
}

/** The hashes of today's landed migrations (landed.json): the tests read those texts from their files. */
async function currentHashes(): Promise<Set<string>> {
  const landed = JSON.parse(
    await readFile(path.join(ROOT, MIGRATIONS, 'landed.json'), 'utf8'),
  ) as Record<string, { sha256: string }>;
  return new Set(Object.values(landed).map(({ sha256 }) => sha256));
}

/** Migrates a new embedded database as the state's Tidings did, stores the sample rows and reads them back. */
async function rowsOf(state: State) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tidings-landed-'));
  // Today's extensions: a landed migration may create one (0029: pg_trgm).
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await mkdir(path.join(dir, 'meta'));
    const entries = state.migrations.map(({ tag, when }, idx) => ({
      idx,
      version: '7',
      when,
      tag,
      breakpoints: true,
    }));
    await writeFile(
      path.join(dir, 'meta/_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
    );
    for (const { tag, hash } of state.migrations) {
      await writeFile(path.join(dir, `${tag}.sql`), state.texts.get(hash)!);
    }
    await migrate(drizzle({ client }), { migrationsFolder: dir });

    const columns = new Map<string, Set<string>>();
    const found = await client.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    for (const { table_name, column_name } of found.rows) {
      if (!columns.has(table_name)) columns.set(table_name, new Set());
      columns.get(table_name)!.add(column_name);
    }

    // Times in UTC, so the fixture reads the same wherever it was made.
    await client.exec(`set time zone 'UTC'`);
    const tables: { table: string; rows: unknown[] }[] = [];
    for (const { table, rows } of SAMPLE_TABLES) {
      const has = columns.get(table);
      if (!has) continue;
      for (const row of rows) {
        const kept = Object.entries(row).filter(([column]) => has.has(column));
        await client.query(
          `insert into "${table}" (${kept.map(([column]) => `"${column}"`).join(', ')})
            values (${kept.map((_, i) => `$${i + 1}`).join(', ')})`,
          kept.map(([, value]) =>
            value !== null && typeof value === 'object' ? JSON.stringify(value) : value,
          ),
        );
      }
      const stored = await client.query<{ rows: unknown[] }>(
        `select coalesce(json_agg(t order by t), '[]') as rows from "${table}" t`,
      );
      tables.push({ table, rows: stored.rows[0]!.rows });
    }
    return tables;
  } finally {
    await client.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function writeFormatted(file: string, text: string) {
  const options = await prettier.resolveConfig(file);
  await writeFile(file, await prettier.format(text, { ...options, filepath: file }));
}

async function main() {
  const ref = process.argv[2] ?? 'HEAD';
  const today = await currentKey();
  const states = landedStates(ref).filter((state) => JSON.stringify(state.migrations) !== today);
  const current = await currentHashes();
  await rm(OUT, { recursive: true, force: true });
  await mkdir(path.join(OUT, 'migrations'), { recursive: true });
  for (const state of states) {
    for (const [hash, text] of state.texts) {
      if (current.has(hash)) continue;
      await writeFile(path.join(OUT, 'migrations', `${hash}.sql`), text);
    }
    const fixture = {
      commits: state.commits,
      migrations: state.migrations,
      tables: await rowsOf(state),
    };
    const name = `${state.commits[0]}.json`;
    await writeFormatted(path.join(OUT, name), JSON.stringify(fixture));
    const last = state.migrations.at(-1)!;
    process.stdout.write(
      `${name}: ${state.commits.length} commit(s), up to ${last.tag} (${last.hash.slice(0, 8)})\n`,
    );
  }
}

await main();
