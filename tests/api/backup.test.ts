import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startBackups } from '../../src/server/backup/service';
import { png } from '../helpers/media-files';
import { copyNewDatabaseInto } from '../helpers/pglite-template';
import { builtProgram, startServer } from '../helpers/server';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';

/**
 * `npm run backup` and `npm run restore FILE` for the embedded database and its media, and the
 * hourly backups the maintenance keeps. PostgreSQL is backed up with its own tools.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN = { ADMIN_EMAIL: 'backup@example.org', ADMIN_PASSWORD: 'backup-pass-1' };

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/**
 * Runs `npm run <script>` as docs/operations.md ("Backup and restore") shows it (without npm's own
 * output).
 */
async function run(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [...builtProgram(script), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  return { code: code as number | null, stdout, stderr };
}

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tidings-backup-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dataDir: string) {
  // A new directory gets the new database a first start would make, without the initdb: these
  // tests are about backups, and the first start's own is tested elsewhere.
  if (!existsSync(path.join(dataDir, 'db'))) await copyNewDatabaseInto(dataDir);
  const server = await startServer({ DATA_DIR: dataDir, ...ADMIN });
  cleanups.push(() => server.stop());
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const authorization = `Bearer ${token}`;
  return {
    server,
    async addContact(email: string) {
      const response = await fetch(`${server.url}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({
          email,
          role: 'participant',
          status: 'active',
          profile: { firstName: 'Kept', lastName: email },
          sendOptinMessage: false,
          sendWelcomeEmail: false,
        }),
      });
      expect(response.status).toBe(201);
    },
    async upload(content: Buffer, filename: string): Promise<string> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), filename);
      const response = await fetch(`${server.url}/api/media`, {
        method: 'POST',
        headers: { authorization },
        body: form,
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { url: string }).url;
    },
    async contactEmails(): Promise<string[]> {
      const response = await fetch(`${server.url}/api/contacts?q=kept.test&sort=email&order=asc`, {
        headers: { authorization },
      });
      return ((await response.json()) as { contacts: { email: string }[] }).contacts.map(
        (contact) => contact.email,
      );
    },
  };
}

describe.runIf(TEST_DB === 'pglite')('npm run backup and npm run restore', () => {
  it('bring back what the database and media held when a running server was backed up', async () => {
    const dataDir = await tempDir();
    const env = { DATA_DIR: dataDir };
    const first = await start(dataDir);
    await first.addContact('before@kept.test');
    const kept = png({ width: 8, height: 8 });
    const keptUrl = await first.upload(kept, 'kept.png');

    const backup = await run('backup', env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = /to (\S+\.tar\.gz) /.exec(backup.stdout)?.[1];
    expect(backup.stdout).toContain(`(through the server, pid ${first.server.pid})`);
    expect(backup.stdout).toContain('Backed up the embedded database with its uploaded media (');
    expect(path.dirname(file!)).toBe(path.join(dataDir, 'backups'));

    await first.addContact('after@kept.test');
    const laterUrl = await first.upload(png({ width: 9, height: 9 }), 'later.png');
    expect(await first.contactEmails()).toEqual(['after@kept.test', 'before@kept.test']);

    const refused = await run('restore', env, [file!]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Could not restore: a Tidings server (pid ${first.server.pid}) is running on ${dataDir}. ` +
        'Stop it first: a backup is restored with the server stopped.\n',
    );
    expect(await first.server.stop()).toBe(0);

    const restored = await run('restore', env, [file!]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const setAside = /before is in (\S+):/.exec(restored.stdout)?.[1];
    expect(existsSync(path.join(setAside!, 'db', 'PG_VERSION'))).toBe(true);

    const second = await start(dataDir);
    expect(await second.contactEmails()).toEqual(['before@kept.test']);
    const keptFile = await fetch(`${second.server.url}${keptUrl}`);
    expect(keptFile.status).toBe(200);
    expect(Buffer.from(await keptFile.arrayBuffer()).equals(kept)).toBe(true);
    expect((await fetch(`${second.server.url}${laterUrl}`)).status).toBe(404);
  }, 120_000);

  it('backs up without a server by opening the database, and refuses a damaged file', async () => {
    const dataDir = await tempDir();
    const env = { DATA_DIR: dataDir };
    const first = await start(dataDir);
    await first.addContact('only@kept.test');
    expect(await first.server.stop()).toBe(0);

    const backup = await run('backup', env);
    expect(backup.code).toBe(0);
    expect(backup.stdout).not.toContain('through the server');
    const file = /to (\S+\.tar\.gz) /.exec(backup.stdout)![1]!;

    await truncate(file, Math.floor((await stat(file)).size / 2));
    const damaged = await run('restore', env, [file]);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toBe(
      `Could not restore ${file}: This backup is cut short: it ends in the middle (an unfinished copy?).\n`,
    );
    // Nothing was replaced, and nothing is left behind.
    expect((await readdir(dataDir)).sort()).toEqual(['backup-requests', 'backups', 'db']);

    const notABackup = path.join(dataDir, 'notes.txt');
    await writeFile(notABackup, 'hello');
    expect((await run('restore', env, [notABackup])).stderr).toBe(
      `Could not restore ${notABackup}: This file is not a Tidings backup, or it is damaged (incorrect header check).\n`,
    );
    expect((await run('restore', env)).stderr).toMatch(/^Usage: npm run restore FILE/);
  }, 120_000);
});

describe.runIf(TEST_DB === 'pglite')('the hourly backups', () => {
  it('are written when due, and the newest BACKUP_KEEP of them kept', async () => {
    const testDb: TestDatabase = await createTestDatabase();
    cleanups.push(() => testDb.dispose());
    const backupDir = path.join(testDb.dataDir, 'backups');
    const backups = await startBackups({
      database: testDb.database,
      config: {
        dataDir: testDb.dataDir,
        mediaDir: path.join(testDb.dataDir, 'media'),
        backupDir,
        backupKeep: 2,
      },
      log: Fastify({ logger: false }).log,
    });
    cleanups.push(() => backups.stop());

    const manual = await backups.backUp('manual', new Date('2026-03-15T08:30:00Z'));
    const hour = (h: number, m = 0) => new Date(Date.UTC(2026, 2, 15, 9 + h, m));
    for (let h = 0; h < 3; h++) expect(await backups.hourly(hour(h))).not.toBeNull();
    // Not due yet: the newest is 20 minutes old (a restart does not write one more).
    expect(await backups.hourly(hour(2, 20))).toBeNull();

    expect((await readdir(backupDir)).sort()).toEqual([
      path.basename(manual.file),
      'tidings-20260315T100000Z-hourly.tar.gz',
      'tidings-20260315T110000Z-hourly.tar.gz',
    ]);
    expect(path.basename(manual.file)).toBe('tidings-20260315T083000Z.tar.gz');
  }, 60_000);

  it('are not written with BACKUP_KEEP=0', async () => {
    const testDb: TestDatabase = await createTestDatabase();
    cleanups.push(() => testDb.dispose());
    const backupDir = path.join(testDb.dataDir, 'backups');
    const backups = await startBackups({
      database: testDb.database,
      config: { dataDir: testDb.dataDir, mediaDir: '', backupDir, backupKeep: 0 },
      log: Fastify({ logger: false }).log,
    });
    cleanups.push(() => backups.stop());
    expect(await backups.hourly()).toBeNull();
    expect(existsSync(backupDir)).toBe(false);
  });
});

describe.runIf(TEST_DB === 'postgres')('npm run backup and restore on PostgreSQL', () => {
  it('say to use pg_dump and pg_restore instead', async () => {
    const testDb = await createTestDatabase();
    cleanups.push(() => testDb.dispose());
    const env = { DATA_DIR: testDb.dataDir, DATABASE_URL: testDb.url! };
    const backup = await run('backup', env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/uses PostgreSQL \(DATABASE_URL\)\. Back it up with pg_dump/);
    expect(backup.stderr).toContain('uploaded media are in the database too');
    const restore = await run('restore', env, ['tidings.tar.gz']);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(
      /uses PostgreSQL \(DATABASE_URL\)\. Restore a pg_dump with pg_restore/,
    );
  });
});
