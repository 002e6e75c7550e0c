import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client';
import { writeArchive } from './archive';

/** A backup taken on request (`npm run backup`) is the operator's to delete; hourly ones rotate. */
export type BackupKind = 'manual' | 'hourly';

export interface BackupResult {
  file: string;
  bytes: number;
  mediaFiles: number;
  /** How long the database's queries waited while its files were copied. */
  pausedMs: number;
  ms: number;
}

const NAME = /^tidings-(\d{8}T\d{6}Z)(?:-\d+)?(-hourly)?\.tar\.gz$/;

/** `tidings-20260315T140000Z-hourly.tar.gz`: sorts by time, says what made it. */
function fileName(at: Date, kind: BackupKind, attempt: number) {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `tidings-${stamp}${attempt ? `-${attempt}` : ''}${kind === 'hourly' ? '-hourly' : ''}.tar.gz`;
}

async function freeName(dir: string, at: Date, kind: BackupKind): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const file = path.join(dir, fileName(at, kind, attempt));
    if (!(await stat(file).catch(() => null))) return file;
  }
}

/**
 * Writes a backup of the embedded database and the media files into `backupDir`. The database's
 * files are copied aside first (`copyFilesTo`: its queries wait only for that copy), then packed
 * and compressed while it goes on.
 */
export async function writeBackup(options: {
  database: Database;
  mediaDir: string;
  backupDir: string;
  kind: BackupKind;
  now?: Date;
  signal?: AbortSignal;
}): Promise<BackupResult> {
  const { database, mediaDir, backupDir, kind, signal } = options;
  if (!database.copyFilesTo) throw new Error('Only the embedded database is backed up by Tidings.');
  const started = performance.now();
  const at = options.now ?? new Date();
  const staging = path.join(backupDir, `.staging-${process.pid}-${Date.now()}`);
  try {
    const dbDir = path.join(staging, 'db');
    await database.copyFilesTo(dbDir);
    const pausedMs = performance.now() - started;
    const postgresVersion = (await readFile(path.join(dbDir, 'PG_VERSION'), 'utf8')).trim();
    const file = await freeName(backupDir, at, kind);
    const { mediaFiles } = await writeArchive({
      file,
      dbDir,
      mediaDir,
      manifest: { format: 1, createdAt: at.toISOString(), postgresVersion },
      signal,
    });
    const { size } = await stat(file);
    return { file, bytes: size, mediaFiles, pausedMs, ms: performance.now() - started };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

interface StoredBackup {
  file: string;
  at: string;
  hourly: boolean;
}

async function storedBackups(backupDir: string): Promise<StoredBackup[]> {
  const names = await readdir(backupDir).catch(() => [] as string[]);
  return names
    .map((name) => ({ name, match: NAME.exec(name) }))
    .filter(({ match }) => match)
    .map(({ name, match }) => ({
      file: path.join(backupDir, name),
      at: match![1]!,
      hourly: Boolean(match![2]),
    }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** When the newest hourly backup was taken; null when there is none. */
export async function newestHourlyBackup(backupDir: string): Promise<Date | null> {
  const newest = (await storedBackups(backupDir)).filter((b) => b.hourly).at(-1);
  if (!newest) return null;
  const s = newest.at;
  return new Date(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`,
  );
}

/** Removes all hourly backups but the newest `keep`; answers the files removed. */
export async function pruneHourlyBackups(backupDir: string, keep: number): Promise<string[]> {
  const hourly = (await storedBackups(backupDir)).filter((b) => b.hourly);
  const old = hourly.slice(0, Math.max(0, hourly.length - keep)).map((b) => b.file);
  for (const file of old) await rm(file, { force: true });
  return old;
}

/** What a backup killed midway left in `backupDir`: a copy of the database, an unfinished file. */
export async function removeUnfinishedBackups(backupDir: string) {
  for (const name of await readdir(backupDir).catch(() => [] as string[])) {
    if (name.startsWith('.staging-') || name.endsWith('.tar.gz.partial')) {
      await rm(path.join(backupDir, name), { recursive: true, force: true });
    }
  }
}
