import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';

/**
 * The databases that landed versions of Tidings left (tests/api/fixtures/landed, written by
 * scripts/landed-fixtures.ts from the git history), and what a test compares after upgrading one.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/landed');
const MIGRATIONS = path.resolve(import.meta.dirname, '../../../src/server/db/migrations');

/** Today's migration files by the hash of their text; a landed text never changes (landed.json). */
const currentByHash = new Map(
  Object.entries(
    JSON.parse(readFileSync(path.join(MIGRATIONS, 'landed.json'), 'utf8')) as Record<
      string,
      { sha256: string }
    >,
  ).map(([tag, { sha256 }]) => [sha256, path.join(MIGRATIONS, `${tag}.sql`)]),
);

/** The SQL a landed state ran: today's file when the text is the same, else the fixture's copy. */
function migrationText(hash: string): string {
  const file = currentByHash.get(hash) ?? path.join(FIXTURES, 'migrations', `${hash}.sql`);
  return readFileSync(file, 'utf8');
}

export interface LandedMigration {
  tag: string;
  when: number;
  hash: string;
}

export interface LandedState {
  /** The landed commits that left this state, oldest first. */
  commits: string[];
  migrations: LandedMigration[];
  /** Each table's rows as that state stored them (times in UTC). */
  tables: { table: string; rows: Record<string, unknown>[] }[];
  /** The commits and the last migration, for a test's name. */
  name: string;
}

/** Every landed state, oldest first. */
export function landedStates(): LandedState[] {
  return readdirSync(FIXTURES)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const state = JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as LandedState;
      const last = state.migrations.at(-1)!;
      const commits =
        state.commits.length > 3
          ? `${state.commits[0]} to ${state.commits.at(-1)} (${state.commits.length} commits)`
          : state.commits.join(', ');
      return { ...state, name: `${commits}, up to ${last.tag} ${last.hash.slice(0, 8)}` };
    })
    .sort((a, b) => a.migrations.at(-1)!.when - b.migrations.at(-1)!.when);
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Drops everything Tidings and Drizzle created, leaving the database as new. */
export async function emptyDatabase(db: Db): Promise<void> {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
}

/**
 * Builds the state's database as its Tidings did at its first start: Drizzle's migrations table,
 * then in one transaction each migration's statements and its row (hash, journal time), then the
 * state's rows.
 */
export async function loadLandedState(db: Db, state: LandedState): Promise<void> {
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(sql`create table if not exists drizzle.__drizzle_migrations (
    id serial primary key, hash text not null, created_at bigint)`);
  await db.transaction(async (tx) => {
    for (const { tag, when, hash } of state.migrations) {
      const text = migrationText(hash);
      if (createHash('sha256').update(text).digest('hex') !== hash) {
        throw new Error(`the SQL of ${tag} (${hash}) has changed`);
      }
      for (const statement of text.split('--> statement-breakpoint')) {
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at)
        values (${hash}, ${when})`);
    }
    for (const { table, rows } of state.tables) {
      // A generated column (outbound_messages.priority, since 0015) takes no value: PostgreSQL
      // derives it again, as it did when the row was stored.
      const stored = await tx.execute(sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`);
      const columns = sql.join(
        rowsOf<{ name: string }>(stored).map(({ name }) => sql.identifier(name)),
        sql`, `,
      );
      await tx.execute(sql`insert into ${sql.identifier(table)} (${columns}) select ${columns} from
        json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`);
    }
  });
}

/** Drizzle's record of the applied migrations, oldest first. */
export async function migrationsTableOf(db: Db) {
  const result = await db.execute(
    sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations
      order by created_at, id`,
  );
  return rowsOf<{ hash: string; created_at: string }>(result);
}

/**
 * The schema as lines to compare: tables, columns (by name: a column added by a repair comes last
 * in its table, which no query of Tidings can tell), indexes, constraints, triggers and functions.
 */
export async function schemaOf(db: Db): Promise<string[]> {
  // The events' monthly partitions (migration 0026) follow the data and the clock, not the
  // migrations: they are left out, their parent and its default partition stay.
  const result = await db.execute(sql`
    with months as (
      select oid, relname from pg_class
      where relnamespace = 'public'::regnamespace and relname ~ '^outbound_message_events_[0-9]{4}_[0-9]{2}'
    )
    select 'table ' || relname || ' ' || relkind::text as line from pg_class
      where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'v', 'm', 'S')
        and oid not in (select oid from months)
    union all
    select 'column ' || table_name || '.' || column_name || ' ' || udt_name || ' null:' || is_nullable
        || ' default:' || coalesce(column_default, '-')
      from information_schema.columns where table_schema = 'public'
        and table_name not in (select relname from months)
    union all
    select 'index ' || indexname || ': ' || indexdef from pg_indexes where schemaname = 'public'
      and tablename not in (select relname from months)
    union all
    select 'constraint ' || conrelid::regclass::text || ' ' || conname || ': ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
        and conrelid not in (select oid from months)
    union all
    select 'trigger ' || tgname || ': ' || pg_get_triggerdef(oid) from pg_trigger
      where not tgisinternal and tgrelid not in (select oid from months)
    union all
    select 'function ' || proname || ': ' || pg_get_functiondef(oid) from pg_proc
      where pronamespace = 'public'::regnamespace
    order by 1`);
  return rowsOf<{ line: string }>(result).map(({ line }) => line);
}

/** A table's rows as the fixtures hold them: JSON, times in UTC. */
export async function storedRows(db: Db, table: string): Promise<Record<string, unknown>[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const result = await tx.execute(
      sql`select coalesce(json_agg(t order by t), '[]') as rows from ${sql.identifier(table)} t`,
    );
    return rowsOf<{ rows: Record<string, unknown>[] }>(result)[0]!.rows;
  });
}
