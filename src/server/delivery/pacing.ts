import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Pacing: each sender (a number, a messaging service) sends at most SMS_MPS segments per second,
 * counted across every dispatcher process. The senders' next free moments are kept in
 * `sms_sender_pacing`; a dispatcher reserves the time a batch needs with one atomic statement, so
 * two processes never get the same slots, then sends each message at its own slot. 0: unlimited.
 */

/** Carriers count segments; a message of none (media only) is still one message. */
const weight = (segments: number) => Math.max(1, segments);

/** When each message of a batch may go, in milliseconds after the batch's first slot. */
export function slotOffsetsMs(segments: readonly number[], mps: number): number[] {
  if (mps <= 0) return segments.map(() => 0);
  let used = 0;
  return segments.map((s) => {
    const offset = (used * 1000) / mps;
    used += weight(s);
    return offset;
  });
}

/** How long a batch occupies its sender. */
export function reservationMs(segments: readonly number[], mps: number): number {
  if (mps <= 0) return 0;
  return (segments.reduce((sum, s) => sum + weight(s), 0) * 1000) / mps;
}

/**
 * Reserves `durationMs` of the sender's time, starting at its next free moment or `at`,
 * whichever is later, and returns that start. The sender's row is created on first use.
 */
export async function reserveSlots(
  db: Db,
  sender: string,
  durationMs: number,
  at: Date,
): Promise<Date> {
  const result = await db.execute(sql`
    insert into sms_sender_pacing as p (sender, next_slot_at)
    values (${sender}, ${at}::timestamptz + ${durationMs}::double precision * interval '1 millisecond')
    on conflict (sender) do update
      set next_slot_at = greatest(p.next_slot_at, ${at}::timestamptz)
        + ${durationMs}::double precision * interval '1 millisecond'
    returning next_slot_at`);
  const [row] = (result as unknown as { rows: { next_slot_at: Date | string }[] }).rows;
  return new Date(new Date(row!.next_slot_at).getTime() - durationMs);
}
