import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Pacing: each sender (a number, a messaging service) sends at most SMS_MPS segments per second,
 * counted across every dispatcher process. The senders' next free moments are kept in
 * `sms_sender_pacing`; a dispatcher reserves the time a batch needs with one atomic statement, so
 * two processes never get the same slots, then sends each message at its own slot. 0: unlimited.
 * While a sender is busy, dispatchers reserve its time in turns (`takeTurn`), one batch after the
 * other, so no claimed batch waits far ahead of a reply (docs/delivery-priority.md).
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

/** Time of a sender reserved by `takeTurn`: its start, its length, and its end exactly as stored. */
export interface Turn {
  start: Date;
  durationMs: number;
  /** next_slot_at as PostgreSQL wrote it (microseconds), for `giveBack` to compare with. */
  end: string;
}

/**
 * When the time reserved for the sender ends, if it is still to come; null when the sender is idle
 * (nothing reserved, or all of it past).
 */
export async function senderBusyUntil(db: Db, sender: string, at: Date): Promise<Date | null> {
  const result = await db.execute(sql`
    select next_slot_at from sms_sender_pacing
    where sender = ${sender} and next_slot_at > ${at}::timestamptz`);
  const [row] = (result as unknown as { rows: { next_slot_at: Date | string }[] }).rows;
  return row ? new Date(row.next_slot_at) : null;
}

/**
 * Reserves `durationMs` of the sender's time right after what is reserved already, but only when
 * that ends by `at + leadMs`; null otherwise. One statement: of dispatchers asking at once, one
 * gets the turn and the others see the sender busy a batch longer. The row exists (the sender is
 * busy when this is asked).
 */
export async function takeTurn(
  db: Db,
  sender: string,
  durationMs: number,
  at: Date,
  leadMs: number,
): Promise<Turn | null> {
  const result = await db.execute(sql`
    update sms_sender_pacing
    set next_slot_at = greatest(next_slot_at, ${at}::timestamptz)
      + ${durationMs}::double precision * interval '1 millisecond'
    where sender = ${sender}
      and next_slot_at <= ${at}::timestamptz + ${leadMs}::double precision * interval '1 millisecond'
    returning next_slot_at, next_slot_at::text as end_text`);
  const [row] = (result as unknown as { rows: { next_slot_at: Date | string; end_text: string }[] })
    .rows;
  if (!row) return null;
  const end = new Date(row.next_slot_at).getTime();
  return { start: new Date(end - durationMs), durationMs, end: row.end_text };
}

/**
 * Gives back the part of a turn a batch did not use (fewer messages were due, or some were
 * screened out), so the sender is not left idle: only if nothing was reserved after the turn.
 */
export async function giveBack(db: Db, sender: string, turn: Turn, usedMs: number) {
  if (usedMs >= turn.durationMs) return;
  await db.execute(sql`
    update sms_sender_pacing
    set next_slot_at = ${turn.end}::timestamptz
      - ${turn.durationMs - usedMs}::double precision * interval '1 millisecond'
    where sender = ${sender} and next_slot_at = ${turn.end}::timestamptz`);
}
