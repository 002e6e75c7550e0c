import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { startPglite } from '../db/pglite';
import { syncPath, syncTree } from '../file-sync';
import { extractArchive, type Manifest } from './archive';

export interface RestoreResult {
  manifest: Manifest;
  /** Where the database and media that were in DATA_DIR went; null when there were none. */
  setAside: string | null;
}

const stampOf = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * Puts a backup back into DATA_DIR: its database as DATA_DIR/db, its media as DATA_DIR/media.
 * Holds the data directory's lock throughout, so it refuses while a server runs on it (and no
 * server starts meanwhile). The backup is unpacked beside them and opened once, which runs
 * PostgreSQL's recovery and proves it readable, before anything is replaced; what was there is
 * moved aside, not deleted, and the operator removes it once satisfied.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  await mkdir(dataDir, { recursive: true });
  const release = await acquireDataDirLock(dataDir);
  const stamp = stampOf(new Date());
  const unpacked = path.join(dataDir, `restoring-${stamp}`);
  try {
    await removeUnfinishedRestores(dataDir);
    const manifest = await extractArchive(file, unpacked);
    const pg = await startPglite(path.join(unpacked, 'db'));
    await pg.close();
    await syncTree(unpacked);

    const current = ['db', 'media'].filter((name) => existsSync(path.join(dataDir, name)));
    const setAside = current.length ? path.join(dataDir, `before-restore-${stamp}`) : null;
    if (setAside) {
      await mkdir(setAside);
      for (const name of current) await rename(path.join(dataDir, name), path.join(setAside, name));
    }
    await rename(path.join(unpacked, 'db'), path.join(dataDir, 'db'));
    if (existsSync(path.join(unpacked, 'media'))) {
      await rename(path.join(unpacked, 'media'), path.join(dataDir, 'media'));
    }
    await syncPath(dataDir);
    return { manifest, setAside };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
    await release();
  }
}

/** What a restore killed midway left: a backup half unpacked. */
async function removeUnfinishedRestores(dataDir: string) {
  for (const name of await readdir(dataDir)) {
    if (name.startsWith('restoring-')) {
      await rm(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
}
