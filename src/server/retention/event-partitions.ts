import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { databaseError } from '../db/errors';
import { rowsOf } from '../db/rows';

/**
 * The monthly partitions of `outbound_message_events` (migration 0026, docs/retention.md), named
 * `outbound_message_events_YYYY_MM` for the UTC month of `at` they hold.
 */

/** Months made ahead of the current one: events never wait in the default partition for one. */
export const MONTHS_AHEAD = 2;

/** PostgreSQL's lock_timeout ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

const PARTITION_NAME = /^outbound_message_events_(\d{4})_(\d{2})$/;

/** The first day of the UTC month `offset` months from the one `at` falls in, as 'YYYY-MM-DD'. */
function monthStart(at: Date, offset = 0): string {
  const first = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
  return first.toISOString().slice(0, 10);
}

/**
 * Makes the partitions of the current month and the MONTHS_AHEAD after it that are missing, each
 * taking its month's rows from the default partition (the database function does it, under its
 * own lock). Returns the months made.
 */
export async function makeEventPartitions(db: Db, now = new Date()): Promise<string[]> {
  const made: string[] = [];
  for (let offset = 0; offset <= MONTHS_AHEAD; offset++) {
    const month = monthStart(now, offset);
    const [row] = await rowsOf<{ made: boolean }>(
      db,
      sql`select outbound_message_events_partition(${month}::date) as made`,
    );
    if (row!.made) made.push(month);
  }
  return made;
}

/** The monthly partitions there are, by their first day ('YYYY-MM-DD'), oldest first. */
export async function eventPartitions(db: Db): Promise<{ name: string; month: string }[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'outbound_message_events'::regclass`,
  );
  return rows
    .flatMap(({ name }) => {
      const match = PARTITION_NAME.exec(name);
      return match ? [{ name, month: `${match[1]}-${match[2]}-01` }] : [];
    })
    .sort((a, b) => a.month.localeCompare(b.month));
}

/**
 * Drops the partitions whose whole month ended before `before`: the events go in one step, with
 * no row deleted one by one. Dropping a partition locks the events table for a moment; a drop
 * that waits more than a second for it gives way to the senders and is tried again at the next
 * maintenance. Returns the months dropped.
 */
export async function dropOldEventPartitions(db: Db, before: Date): Promise<string[]> {
  const firstKept = monthStart(before);
  const dropped: string[] = [];
  for (const { name, month } of await eventPartitions(db)) {
    if (month >= firstKept) break;
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '1s'`);
        await tx.execute(sql`drop table ${sql.identifier(name)}`);
      });
    } catch (error) {
      if (databaseError(error).code === LOCK_NOT_AVAILABLE) break;
      throw error;
    }
    dropped.push(month);
  }
  return dropped;
}
