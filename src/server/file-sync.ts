import fs from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * fsync(2) of an open file or directory. Windows cannot flush a directory; PostgreSQL, built for a
 * POSIX system in PGlite, would take that refusal for a failed flush and stop, so it is ignored.
 */
export function syncDescriptor(fd: number) {
  try {
    fs.fsyncSync(fd);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const refusal = ['EPERM', 'EACCES', 'EISDIR', 'EINVAL', 'EBADF'].includes(code);
    if (!refusal || !fs.fstatSync(fd).isDirectory()) throw error;
  }
}

/** fsync(2) of one file or directory, so what was written to it survives a power cut. */
export async function syncPath(target: string) {
  const handle = await open(target, 'r');
  try {
    syncDescriptor(handle.fd);
  } finally {
    await handle.close();
  }
}

/**
 * Flushes every file under `dir` and every directory (a directory holds its files' names: a new
 * file is only there for good once its directory is flushed too), deepest first.
 */
export async function syncTree(dir: string) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(child);
    else if (entry.isFile()) await syncPath(child);
  }
  await syncPath(dir);
}
