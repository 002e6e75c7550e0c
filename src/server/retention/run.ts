import type { Db } from '../db/client';
import type { RetentionDays } from './days';
import { dropOldEventPartitions, makeEventPartitions } from './event-partitions';
import { deleteOldInbound, deleteOldMessages, deleteOldUnpartitionedEvents } from './rows';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRun {
  /** Event partitions made ahead, and dropped, by their months' first days. */
  partitionsMade: string[];
  partitionsDropped: string[];
  messagesDeleted: number;
  eventsDeleted: number;
  inboundDeleted: number;
}

/**
 * Retention's part of the hourly maintenance (docs/retention.md): the events' partitions of the
 * coming months made, then what is older than its setting deleted.
 */
export async function runRetention(
  db: Db,
  days: RetentionDays,
  now = new Date(),
): Promise<RetentionRun> {
  const ago = (n: number) => new Date(now.getTime() - n * DAY_MS);
  const partitionsMade = await makeEventPartitions(db, now);
  const partitionsDropped = await dropOldEventPartitions(db, ago(days.events));
  const eventsDeleted = await deleteOldUnpartitionedEvents(db, ago(days.events));
  const messagesDeleted = await deleteOldMessages(db, ago(days.messages));
  const inboundDeleted = await deleteOldInbound(db, ago(days.inbound));
  return { partitionsMade, partitionsDropped, messagesDeleted, eventsDeleted, inboundDeleted };
}
