import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { firstUuidV7At } from '../db/ids';
import { rowsOf } from '../db/rows';

/** Events, their deliveries and their logs are kept this long after they were written. */
export const WEBHOOK_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Events deleted by one statement: maintenance never holds a long transaction. */
const BATCH = 5_000;

/**
 * Deletes the webhook events written more than WEBHOOK_RETENTION_MS ago, with their deliveries and
 * logs, unless one is still waiting to be sent (a disabled endpoint's, say). Event ids follow the
 * clock (uuid_v7), so the old ones are a range of the primary key. Returns how many went.
 */
export async function deleteOldWebhookEvents(db: Db, now = Date.now()): Promise<number> {
  const before = firstUuidV7At(now - WEBHOOK_RETENTION_MS);
  let deleted = 0;
  for (;;) {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`delete from webhook_events where id in (
            select e.id from webhook_events e
            where e.id < ${before}::uuid
              and not exists (select 1 from webhook_deliveries d
                              where d.event_id = e.id and d.status in ('queued', 'sending'))
            order by e.id limit ${BATCH})
          returning id`,
    );
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}
