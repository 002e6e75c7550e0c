import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { syncPath } from '../file-sync';
import { CUT_SHORT, NOT_A_BACKUP, readTar, tarStream, type TarEntry, type TarReader } from './tar';

/**
 * A backup is one gzipped tar: `tidings-backup.json` (what it is), `db/` (the embedded database's
 * data directory) and `media/` (the uploaded files).
 */
export const MANIFEST = 'tidings-backup.json';
export const ARCHIVE_ROOTS = ['db', 'media'] as const;
export type ArchiveRoot = (typeof ARCHIVE_ROOTS)[number];

export interface Manifest {
  format: 1;
  createdAt: string;
  /** The PostgreSQL major version of the files (PG_VERSION): only that version opens them. */
  postgresVersion: string;
}

/** The files under `dir`, as archive entries named `root/…`, directories before what they hold. */
async function* treeEntries(
  dir: string,
  root: string,
  skip: (name: string) => boolean = () => false,
): AsyncGenerator<TarEntry> {
  const info = await stat(dir);
  yield { name: root, type: 'directory', mtime: info.mtime };
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const name = `${root}/${entry.name}`;
    if (entry.isDirectory()) {
      yield* treeEntries(full, name, skip);
    } else if (entry.isFile()) {
      const file = await stat(full);
      yield {
        name,
        type: 'file',
        size: file.size,
        mtime: file.mtime,
        content: createReadStream(full),
      };
    }
  }
}

/**
 * Writes the archive of a database copy (`dbDir`, made by `Database.copyFilesTo`) and of the media
 * files to `file`: first under a `.partial` name, flushed to disk, then renamed, so a backup that
 * exists under its own name is whole. Media files are never changed once stored, only added: those
 * added after the database was copied are kept too, and nothing in the copy lacks its file.
 */
export async function writeArchive(options: {
  file: string;
  dbDir: string;
  mediaDir: string;
  manifest: Manifest;
  /** Stops the writing (the server is shutting down); the unfinished file is removed. */
  signal?: AbortSignal;
}): Promise<{ mediaFiles: number }> {
  const { file, dbDir, mediaDir, manifest, signal } = options;
  const partial = `${file}.partial`;
  await mkdir(path.dirname(file), { recursive: true });
  let mediaFiles = 0;
  async function* entries(): AsyncGenerator<TarEntry> {
    const body = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    yield {
      name: MANIFEST,
      type: 'file',
      size: body.length,
      mtime: new Date(manifest.createdAt),
      content: [body],
    };
    yield* treeEntries(dbDir, 'db');
    if (await exists(mediaDir)) {
      // `.part`: an upload being written, not yet a stored file.
      for await (const entry of treeEntries(mediaDir, 'media', (name) => name.endsWith('.part'))) {
        if (entry.type === 'file') mediaFiles++;
        yield entry;
      }
    }
  }
  try {
    await pipeline(Readable.from(tarStream(entries())), createGzip(), createWriteStream(partial), {
      signal,
    });
    await syncPath(partial);
    await rename(partial, file);
    await syncPath(path.dirname(file));
    return { mediaFiles };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function exists(target: string) {
  return stat(target).then(
    () => true,
    () => false,
  );
}

/** A path inside the archive that is safe to write under a directory: relative, no `..`. */
function safeParts(name: string): string[] {
  const parts = name.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) {
    throw new Error(`This backup holds a path that cannot be restored: ${name}`);
  }
  return parts;
}

/**
 * Extracts a backup into `target` (which must not exist yet): `target/db`, `target/media` and the
 * manifest, which it returns. Anything else in the archive is refused.
 */
export async function extractArchive(file: string, target: string): Promise<Manifest> {
  await mkdir(target, { recursive: false });
  let manifestText = '';
  let current: { write(chunk: Buffer): Promise<void>; close(): Promise<void> } | null = null;
  const reader: TarReader = {
    async entry(entry) {
      if (entry.name === MANIFEST && entry.type === 'file') {
        current = {
          write: async (chunk) => void (manifestText += chunk.toString('utf8')),
          close: async () => undefined,
        };
        return;
      }
      const parts = safeParts(entry.name);
      if (!(ARCHIVE_ROOTS as readonly string[]).includes(parts[0]!)) {
        throw new Error(`This backup holds something besides a database and media: ${entry.name}`);
      }
      const destination = path.join(target, ...parts);
      if (entry.type === 'directory') {
        await mkdir(destination, { recursive: true });
        return;
      }
      await mkdir(path.dirname(destination), { recursive: true });
      const handle = await open(destination, 'wx');
      current = {
        write: async (chunk) => void (await handle.write(chunk)),
        close: () => handle.close(),
      };
    },
    async data(chunk) {
      await current!.write(chunk);
    },
    async end() {
      await current!.close();
      current = null;
    },
  };
  try {
    await pipeline(createReadStream(file), createGunzip(), (source: AsyncIterable<Buffer>) =>
      readTar(source, reader),
    );
  } catch (error) {
    await (current as { close(): Promise<void> } | null)?.close().catch(() => undefined);
    throw plainError(error);
  }
  const manifest = parseManifest(manifestText);
  if (!(await exists(path.join(target, 'db', 'PG_VERSION')))) {
    throw new Error('This backup holds no database (no db/PG_VERSION).');
  }
  return manifest;
}

/** What went wrong reading a backup, in the words of a backup rather than of zlib. */
function plainError(error: unknown): Error {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT') return new Error('there is no such file');
  if (code === 'Z_DATA_ERROR') return new Error(`${NOT_A_BACKUP} (${message})`);
  if (code === 'Z_BUF_ERROR') return new Error(CUT_SHORT);
  return error as Error;
}

function parseManifest(text: string): Manifest {
  let manifest: Partial<Manifest> | null = null;
  try {
    manifest = JSON.parse(text) as Partial<Manifest>;
  } catch {
    // Reported below.
  }
  if (manifest?.format !== 1) {
    throw new Error(`This file is not a Tidings backup (no ${MANIFEST} of a known format).`);
  }
  return manifest as Manifest;
}
