import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MIGRATIONS_DIR, openPglite } from '../../src/server/db/client';
import { PGLITE_START_PARAMS } from '../../src/server/db/pglite';

/**
 * A new embedded database, as the server's first start leaves it before it creates the first admin
 * (initdb, then every migration), kept in the temporary directory for every later test server.
 * initdb and the migrations take most of a server's first start (about 7 of 9 s on two cores);
 * copying their result takes a fraction of a second. What they write depends only on PGlite's
 * version, its start parameters and the migrations, so those name the copy.
 *
 * Tests about creating the database itself (an empty DATA_DIR, a killed creation) give their own
 * DATA_DIR and never use this.
 */
let template: Promise<string> | undefined;

function templateDir(): string {
  // The package exports no package.json; its entry point is dist/index.js.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageJson = path.join(path.dirname(entry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const hash = createHash('sha256').update(JSON.stringify([version, PGLITE_START_PARAMS]));
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(full));
  }
  const key = hash.digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `tidings-test-database-${key}`);
}

/** The directory of the new database, made now if this machine has none for this version. */
export async function newDatabaseTemplate(): Promise<string> {
  const dir = templateDir();
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  // Made aside and renamed into place: test files in other workers may be making it too, and the
  // first rename wins.
  const staging = await mkdtemp(`${dir}-making-`);
  try {
    const database = await openPglite(path.join(staging, 'db'), staging);
    await database.migrate();
    await database.close();
    await rename(path.join(staging, 'db'), dir).catch((error: NodeJS.ErrnoException) => {
      if (!existsSync(path.join(dir, 'PG_VERSION'))) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return dir;
}

/** Puts a new embedded database with no data in `dataDir/db`, where the server looks for it. */
export async function copyNewDatabaseInto(dataDir: string): Promise<void> {
  template ??= newDatabaseTemplate();
  await copyDatabase(await template, path.join(dataDir, 'db'));
}

const run = promisify(execFile);

/**
 * Copies the database directory `from` (the template's 1,100 files) to `to`, a new directory. The
 * system's cp copies in the kernel: 40 ms of CPU, where Node's fs.cp took 500 to 1,500 ms, most
 * of it in the kernel too, for each of the hundreds of databases a run makes.
 */
export async function copyDatabase(from: string, to: string): Promise<void> {
  if (process.platform === 'win32') {
    await cp(from, to, { recursive: true });
    return;
  }
  await mkdir(to, { recursive: true });
  await run('cp', ['-R', `${from}/.`, to]);
}
