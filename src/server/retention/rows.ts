import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Retention's deletes of single rows (docs/retention.md), in batches of BATCH, each its own
 * transaction: maintenance never holds a long one, and senders write on meanwhile. Each marks its
 * transaction as retention's (`tidings.retention`), so the counting triggers keep what the rows
 * counted (docs/rollups.md).
 */
const BATCH = 5_000;

/**
 * Runs `deleteBatch` (a statement returning the deleted rows' count as `n`) until a batch comes
 * short; returns how many rows went.
 */
async function inBatches(db: Db, deleteBatch: SQL): Promise<number> {
  let deleted = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('tidings.retention', 'on', true)`);
      const [row] = await rowsOf<{ n: number }>(tx, deleteBatch);
      return row!.n;
    });
    deleted += n;
    if (n < BATCH) return deleted;
  }
}

/**
 * Deletes the outbox's messages created before `before`, with their events, but those the engine
 * may still act on (queued, sending, or unknown until staff decide) and the opt-in requests the
 * consent log names (it is kept forever, and proves what was asked). Their short links stay: a
 * link already sent goes on working.
 */
export const deleteOldMessages = (db: Db, before: Date) =>
  inBatches(
    db,
    sql`with gone as (
          delete from outbound_messages where id in (
            select m.id from outbound_messages m
            where m.created_at < ${before} and m.status not in ('queued', 'sending', 'unknown')
              and not exists (select 1 from consent_events e where e.outbound_message_id = m.id)
            order by m.created_at limit ${BATCH})
          returning id),
        events as (
          delete from outbound_message_events where message_id in (select id from gone))
        select count(*)::int as n from gone`,
  );

/**
 * Deletes the texts phones sent that were received before `before`, but those the consent log
 * names (their words are its proof) and replies still waiting for a staff member's review (they
 * hold the phone's program messages until decided).
 */
export const deleteOldInbound = (db: Db, before: Date) =>
  inBatches(
    db,
    sql`with gone as (
          delete from inbound_messages where id in (
            select i.id from inbound_messages i
            where i.received_at < ${before}
              and (i.intent is distinct from 'review' or i.review_decision is not null)
              and not exists (select 1 from consent_events e where e.inbound_message_id = i.id)
            order by i.received_at limit ${BATCH})
          returning id)
        select count(*)::int as n from gone`,
  );

/**
 * Deletes the events before `before` that wait in the default partition (a month no partition
 * held when they were written); the monthly partitions go whole (event-partitions.ts).
 */
export const deleteOldUnpartitionedEvents = (db: Db, before: Date) =>
  inBatches(
    db,
    sql`with gone as (
          delete from outbound_message_events_default where (id, at) in (
            select id, at from outbound_message_events_default where at < ${before} limit ${BATCH})
          returning id)
        select count(*)::int as n from gone`,
  );
