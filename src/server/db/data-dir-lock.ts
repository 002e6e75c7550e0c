import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database may be opened by one process only: two PGlite instances writing the same
 * files would corrupt them. A pid file in DATA_DIR guards it; a file left by a process that no
 * longer runs is taken over.
 */
export class DataDirLockedError extends Error {}

const lockFileOf = (dataDir: string) => path.join(dataDir, 'tidings.pid');

export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = lockFileOf(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another Tidings process (pid ${pid}). ` +
            'Stop that process first, or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the embedded database in ${dataDir}.`);
}

/** The process that holds the embedded database in `dataDir`, if one does. */
export async function dataDirHolder(dataDir: string): Promise<number | null> {
  const pid = Number((await readFile(lockFileOf(dataDir), 'utf8').catch(() => '')).trim());
  return pid && pid !== process.pid && isRunning(pid) ? pid : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
