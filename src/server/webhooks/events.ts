import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '../../shared/webhooks';
import type { Db, Tx } from '../db/client';

/**
 * Writes a webhook event in the caller's transaction, for every enabled endpoint that wants its
 * type (none: nothing is written). Most events are written by the database's own triggers
 * (migration 0023); this is for the changes no one row stands for, such as a planned day.
 */
export async function emitWebhookEvent(
  tx: Tx | Db,
  type: WebhookEventType,
  at: Date,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.execute(
    sql`select webhook_event(${type}, ${at}::timestamptz, ${JSON.stringify(data)}::jsonb)`,
  );
}
