import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, watch, type FSWatcher } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { dataDirHolder } from '../db/data-dir-lock';
import type { BackupResult } from './backups';

/**
 * `npm run backup` while the server runs. The embedded database is the server's alone (another
 * process must not open its files), so the command asks the server, through files in
 * DATA_DIR/backup-requests: only who may read DATA_DIR, and so the database itself, can ask. It
 * drops `<id>.request`; the server takes it (renames it `<id>.taken`), writes the backup and leaves
 * `<id>.answer`, the backup's file or an error, which the command reads and removes.
 */
const REQUESTS_DIR = 'backup-requests';
/** fs.watch answers at once; this catches what it misses (network file systems). */
const POLL_MS = 2_000;
/** A server of this version takes a request within a moment. */
const TAKE_WITHIN_MS = 15_000;

type Answer = { result: BackupResult } | { error: string };

const requestsDir = (dataDir: string) => path.join(dataDir, REQUESTS_DIR);

/** Writes a whole file under its name, or nothing: the reader never sees half of it. */
async function writeWhole(file: string, content: string) {
  await writeFile(`${file}.tmp`, content);
  await rename(`${file}.tmp`, file);
}

export interface BackupRequests {
  /** Takes no more requests and waits for the one under way. */
  stop(): Promise<void>;
}

/** The server's side: answers requests, one at a time, with `backUp`. */
export function serveBackupRequests(options: {
  dataDir: string;
  backUp: () => Promise<BackupResult>;
  log: FastifyBaseLogger;
}): BackupRequests {
  const { backUp, log } = options;
  const dir = requestsDir(options.dataDir);
  mkdirSync(dir, { recursive: true });
  // Left by a server killed while answering: whoever asked has given up.
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.request')) rmSync(path.join(dir, name), { force: true });
  }

  let stopped = false;
  let scanning: Promise<void> = Promise.resolve();
  async function answerAll() {
    for (const name of await readdir(dir)) {
      if (stopped || !name.endsWith('.request')) continue;
      const id = name.slice(0, -'.request'.length);
      const taken = path.join(dir, `${id}.taken`);
      if (
        !(await rename(path.join(dir, name), taken).then(
          () => true,
          () => false,
        ))
      )
        continue;
      let answer: Answer;
      try {
        answer = { result: await backUp() };
      } catch (error) {
        log.error({ err: error }, 'a requested backup failed');
        answer = { error: (error as Error).message };
      }
      await writeWhole(path.join(dir, `${id}.answer`), JSON.stringify(answer));
      await rm(taken, { force: true });
    }
  }
  const scan = () => {
    scanning = scanning
      .then(answerAll)
      .catch((error: unknown) => log.error({ err: error }, 'could not answer backup requests'));
  };

  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(dir, scan);
    watcher.on('error', () => watcher?.close());
  } catch {
    // Polling alone, then.
  }
  const timer = setInterval(scan, POLL_MS);
  timer.unref();
  scan();
  return {
    async stop() {
      stopped = true;
      watcher?.close();
      clearInterval(timer);
      await scanning;
    },
  };
}

export class BackupRequestError extends Error {}

/** The command's side: asks the server holding `dataDir` (process `holder`) for a backup. */
export async function requestBackup(dataDir: string, holder: number): Promise<BackupResult> {
  const dir = requestsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const id = randomUUID();
  const request = path.join(dir, `${id}.request`);
  const answerFile = path.join(dir, `${id}.answer`);
  await writeWhole(request, '{}');
  const asked = Date.now();
  for (;;) {
    await sleep(100);
    const text = await readFile(answerFile, 'utf8').catch(() => null);
    if (text !== null) {
      await rm(answerFile, { force: true });
      const answer = JSON.parse(text) as Answer;
      if ('error' in answer)
        throw new BackupRequestError(`The server could not back up: ${answer.error}`);
      return answer.result;
    }
    const untaken = await readFile(request).then(
      () => true,
      () => false,
    );
    if (untaken && Date.now() - asked > TAKE_WITHIN_MS) {
      await rm(request, { force: true });
      throw new BackupRequestError(
        `The process that holds ${dataDir} (pid ${holder}) did not take the backup request. ` +
          'A Tidings server of a version without backups, or another command (npm run seed:demo), ' +
          'does not answer: stop it, then run npm run backup again.',
      );
    }
    if ((await dataDirHolder(dataDir)) !== holder) {
      await rm(request, { force: true });
      throw new BackupRequestError(
        `The server (pid ${holder}) stopped before it wrote the backup.`,
      );
    }
  }
}
