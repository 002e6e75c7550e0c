import type { FastifyBaseLogger } from 'fastify';
import { ATTEMPT_RETENTION_MS } from '../auth/account-throttle';
import { deleteOldAttempts } from '../auth/rate-limit';
import { deleteEndedSessions } from '../auth/sessions';
import type { Backups } from '../backup/service';
import type { Database } from '../db/client';
import { deleteOldImports } from '../imports/retention';
import { deleteOldWebhookEvents } from '../webhooks/retention';
import type { RetentionDays } from '../retention/days';
import { runRetention } from '../retention/run';
import { foldContactCount } from './contact-count';
import { deleteEmptyCounts, foldMessageCounts } from './message-counts';

const EVERY_MS = 60 * 60 * 1000;
/**
 * The first run comes ten minutes after the start rather than an hour: a server restarted more
 * often than hourly would otherwise never write a backup or apply retention. Not at once: a server
 * started for a moment (a try, a test) leaves no backup behind.
 */
const FIRST_RUN_MS = 10 * 60 * 1000;

/**
 * Hourly: clean-up of rows that can no longer matter (ended sessions, attempts counted by the rate
 * limits past their longest window, imports finished a month ago with their reports, webhook
 * events written a month ago with their deliveries and logs), retention (retention/run.ts: the
 * events' partitions of the coming months made, old messages, events and inbound texts deleted),
 * the outbox's count changes folded into its counts and the counts that came to zero deleted, the
 * contact count's rows folded into one, fresh planner statistics where the database keeps none
 * itself, and on the embedded database a backup (the newest BACKUP_KEEP kept).
 */
export function startMaintenance(
  database: Database,
  log: FastifyBaseLogger,
  retention: RetentionDays,
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
      const retained = await runRetention(database.db, retention);
      log.info(retained, 'retention');
      await foldMessageCounts(database.db);
      await deleteEmptyCounts(database.db);
      await foldContactCount(database.db);
      await database.refreshStatistics();
    } catch (error) {
      log.error({ err: error }, 'maintenance failed');
    }
    await backUp();
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  const first = setTimeout(() => void run(), FIRST_RUN_MS);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
