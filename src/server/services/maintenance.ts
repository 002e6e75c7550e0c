import type { FastifyBaseLogger } from 'fastify';
import { ATTEMPT_RETENTION_MS } from '../auth/account-throttle';
import { deleteOldAttempts } from '../auth/rate-limit';
import { deleteEndedSessions } from '../auth/sessions';
import type { Backups } from '../backup/service';
import type { Database } from '../db/client';
import { deleteOldImports } from '../imports/retention';
import { deleteOldWebhookEvents } from '../webhooks/retention';
import { deleteEmptyMessageCounts, foldMessageCounts } from './message-counts';

const EVERY_MS = 60 * 60 * 1000;
/**
 * The first backup's check comes ten minutes after the start rather than an hour: a server
 * restarted more often than hourly would otherwise never write one. Not at once: a server started
 * for a moment (a try, a test) leaves no backup behind.
 */
const FIRST_BACKUP_MS = 10 * 60 * 1000;

/**
 * Hourly: clean-up of rows that can no longer matter (ended sessions, attempts counted by the rate
 * limits past their longest window, imports finished a month ago with their reports, webhook
 * events written a month ago with their deliveries and logs), the outbox's count changes folded
 * into its counts and the counts that came to zero deleted, fresh
 * planner statistics where the database keeps none itself, and on the embedded database a backup
 * (the newest BACKUP_KEEP kept).
 */
export function startMaintenance(
  database: Database,
  log: FastifyBaseLogger,
  backups: Backups | null = null,
): () => void {
  const backUp = async () => {
    try {
      await backups?.hourly();
    } catch (error) {
      log.error({ err: error }, 'the hourly backup failed');
    }
  };
  const run = async () => {
    try {
      await deleteEndedSessions(database.db);
      await deleteOldAttempts(database.db, ATTEMPT_RETENTION_MS);
      await deleteOldImports(database.db);
      await deleteOldWebhookEvents(database.db);
      await foldMessageCounts(database.db);
      await deleteEmptyMessageCounts(database.db);
      await database.refreshStatistics();
    } catch (error) {
      log.error({ err: error }, 'maintenance failed');
    }
    await backUp();
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  const first = setTimeout(() => void backUp(), FIRST_BACKUP_MS);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
