import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Config } from '../env';
import {
  newestHourlyBackup,
  pruneHourlyBackups,
  removeUnfinishedBackups,
  writeBackup,
  type BackupKind,
  type BackupResult,
} from './backups';
import { serveBackupRequests } from './requests';

/**
 * An hourly backup is due when the newest is at least this old: the hourly maintenance writes one
 * every hour, and a server restarted in between does not write one more.
 */
const HOURLY_AFTER_MS = 55 * 60 * 1000;

export interface Backups {
  /** Writes a backup now, after any under way. */
  backUp(kind: BackupKind, now?: Date): Promise<BackupResult>;
  /** The hourly maintenance's part: a backup when one is due, then the newest BACKUP_KEEP kept. */
  hourly(now?: Date): Promise<BackupResult | null>;
  /** Answers no more requests and stops a backup under way (its unfinished file is removed). */
  stop(): Promise<void>;
}

/** The embedded database's backups, written by the server that holds it. */
export async function startBackups(options: {
  database: Database;
  config: Pick<Config, 'dataDir' | 'mediaDir' | 'backupDir' | 'backupKeep'>;
  log: FastifyBaseLogger;
}): Promise<Backups> {
  const { database, config, log } = options;
  await removeUnfinishedBackups(config.backupDir);
  const stopping = new AbortController();
  let queue: Promise<unknown> = Promise.resolve();

  const backUp = (kind: BackupKind, now?: Date) => {
    const run = queue
      .then(() =>
        writeBackup({
          database,
          mediaDir: config.mediaDir,
          backupDir: config.backupDir,
          kind,
          now,
          signal: stopping.signal,
        }),
      )
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) throw error;
        throw new Error('the server stopped before the backup was finished', { cause: error });
      });
    queue = run.catch(() => undefined);
    return run;
  };

  const hourly = async (now = new Date()) => {
    if (config.backupKeep === 0) return null;
    const newest = await newestHourlyBackup(config.backupDir);
    if (newest && now.getTime() - newest.getTime() < HOURLY_AFTER_MS) return null;
    const result = await backUp('hourly', now);
    const removed = await pruneHourlyBackups(config.backupDir, config.backupKeep);
    log.info(
      { file: result.file, bytes: result.bytes, pausedMs: Math.round(result.pausedMs), removed },
      'hourly backup written',
    );
    return result;
  };

  const requests = serveBackupRequests({
    dataDir: config.dataDir,
    backUp: async () => {
      const result = await backUp('manual');
      log.info({ file: result.file, bytes: result.bytes }, 'backup written on request');
      return result;
    },
    log,
  });

  return {
    backUp,
    hourly,
    async stop() {
      stopping.abort();
      await requests.stop();
      await queue;
    },
  };
}
