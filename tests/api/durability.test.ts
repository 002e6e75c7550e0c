import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { startServer, type RunningServer } from '../helpers/server';
import { copyDatabase } from '../helpers/pglite-template';

/**
 * The embedded database keeps what it acknowledged through a power cut: PostgreSQL runs with fsync,
 * and its fsync reaches the disk. PostgreSQL's own durability is its administrator's.
 */

let dataDir: string | undefined;
let database: Database | undefined;
let server: RunningServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.stop();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  server = database = dataDir = undefined;
});

/** The database as the server opens it (`openDatabase`), on a copy of the migrated template. */
async function openAsTheServerDoes() {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-durability-'));
  await copyDatabase(inject('pgliteTemplateDir'), path.join(dataDir, 'db'));
  database = await openDatabase({ dataDir });
  return database;
}

const show = async (db: Database['db'], name: string) =>
  ((await db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] })
    .rows[0]![name];

describe('the embedded database', () => {
  it('runs with fsync, synchronous commits and full-page writes', async () => {
    const { db } = await openAsTheServerDoes();
    expect(await show(db, 'fsync')).toBe('on');
    expect(await show(db, 'synchronous_commit')).toBe('on');
    expect(await show(db, 'full_page_writes')).toBe('on');
  });

  it('flushes each commit to the disk (fsync(2)) before it is acknowledged, and no read', async () => {
    const { db } = await openAsTheServerDoes();
    await db.execute(sql`create table durability_probe (id int)`);
    const fsync = vi.spyOn(fs, 'fsyncSync');

    await db.execute(sql`select count(*) from users`);
    expect(fsync).not.toHaveBeenCalled();
    for (let i = 1; i <= 3; i++) {
      await db.execute(sql`insert into durability_probe values (${i})`);
      expect(fsync).toHaveBeenCalledTimes(i);
    }
  });

  it('flushes a database it creates before using it', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-durability-'));
    const fsync = vi.spyOn(fs, 'fsyncSync');
    database = await openDatabase({ dataDir });
    // initdb writes some thousand files; each is flushed, and the directories that name them.
    expect(fsync.mock.calls.length).toBeGreaterThan(900);
    expect(fs.existsSync(path.join(dataDir, 'db.creating'))).toBe(false);
  });

  it('is what the running server reports it runs with', async () => {
    server = await startServer({ LOG_LEVEL: 'info' });
    const reported = () =>
      server!
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.msg === 'database durability');
    // The log is written asynchronously: the line may follow the one saying the server runs.
    await vi.waitFor(() => expect(reported()).toBeDefined(), { timeout: 5_000 });
    expect(reported()).toMatchObject({
      fsync: 'on',
      synchronousCommit: 'on',
      fullPageWrites: 'on',
    });
  });
});
