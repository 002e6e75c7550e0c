import type { FastifyBaseLogger } from 'fastify';
import { ATTEMPT_RETENTION_MS } from '../auth/account-throttle';
import { deleteOldAttempts } from '../auth/rate-limit';
import { deleteEndedSessions } from '../auth/sessions';
import type { Database } from '../db/client';
import { deleteOldImports } from '../imports/retention';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Hourly: clean-up of rows that can no longer matter (ended sessions, attempts counted by the rate
 * limits past their longest window, imports finished a month ago with their reports), and fresh
 * planner statistics where the database keeps none itself.
 */
export function startMaintenance(database: Database, log: FastifyBaseLogger): () => void {
  const run = async () => {
    try {
      await deleteEndedSessions(database.db);
      await deleteOldAttempts(database.db, ATTEMPT_RETENTION_MS);
      await deleteOldImports(database.db);
      await database.refreshStatistics();
    } catch (error) {
      log.error({ err: error }, 'maintenance failed');
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
