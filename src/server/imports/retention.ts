import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contactImports } from '../db/schema';

/**
 * How long a finished import and its report are kept: long enough to fix the rows not imported
 * and import them again, short enough that the rows of old files do not pile up.
 */
export const IMPORT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes imports finished (done or failed) before `retentionMs` ago, with their reports. */
export async function deleteOldImports(db: Db, retentionMs = IMPORT_RETENTION_MS) {
  const before = new Date(Date.now() - retentionMs);
  await db
    .delete(contactImports)
    .where(
      and(
        inArray(contactImports.status, ['done', 'failed']),
        lt(contactImports.finishedAt, before),
      ),
    );
}
