import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { MessageKind, MessageStatus } from '../../shared/delivery';
import type { Db, Tx } from '../db/client';
import { outboundMessages } from '../db/schema';
import { recordEvent, recordEvents } from './status';

/**
 * A row in `sending` longer than this was left by a dispatcher that died mid-send: it becomes
 * `unknown`. Far above the provider's 15 s request timeout plus the wait for a pacing slot, so a
 * slow but living dispatcher never has a message taken from under it.
 */
export const CLAIM_TIMEOUT_MS = 5 * 60 * 1000;
/**
 * A claim is only used while it is young: past this age (a long wait for pacing slots) the message
 * is put back rather than sent, so it can never be sent while recovery calls it lost.
 */
export const CLAIM_USE_MS = CLAIM_TIMEOUT_MS / 2;

/** A message this dispatcher claimed: what sending it needs. */
export interface Claimed {
  id: string;
  kind: MessageKind;
  contactId: string | null;
  programId: string | null;
  toPhone: string;
  body: string;
  mediaUrl: string | null;
  segments: number;
  attempts: number;
  sendAfter: Date;
  expiresAt: Date | null;
  timeZone: string | null;
  sendWindowLatest: string | null;
  claimedAt: Date;
}

export type MessageUpdate = Partial<typeof outboundMessages.$inferInsert>;

export interface Claims {
  /** Claims up to `limit` due messages, priority messages first. */
  claim(limit: number): Promise<Claimed[]>;
  /**
   * Writes the outcome of our claim, with `after` in the same transaction: one short transaction;
   * false when the claim was lost.
   */
  settle(
    message: Claimed,
    status: MessageStatus,
    set: MessageUpdate,
    after?: (tx: Tx, at: Date) => Promise<unknown>,
  ): Promise<boolean>;
}

/** Taking due messages and letting them go, as dispatcher `id`. */
export function createClaims(options: { db: Db; id: string; now: () => Date }): Claims {
  const { db, id, now } = options;

  /**
   * One statement claims due messages (and records the claim in their history): answers, staff
   * replies and test sends first (priority 0, FIRST_KINDS), then the rest, each by when it was due.
   * A pass claims batch after batch, so a reply queued while a program day is going out waits for
   * the batch under way (at most a second of its sender's time when paced) and takes the first
   * slots of the next one, instead of waiting behind the whole day (docs/delivery-priority.md).
   * outbound_messages_claim_idx holds the queued rows in this order: with 10,000 due, PostgreSQL
   * reads the batch off it and stops, with no sort.
   */
  async function claim(limit: number): Promise<Claimed[]> {
    const at = now();
    const due = db
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.status, 'queued'), lte(outboundMessages.sendAfter, at)))
      .orderBy(asc(outboundMessages.priority), asc(outboundMessages.sendAfter))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(outboundMessages)
        .set({ status: 'sending', claimedBy: id, claimedAt: at, updatedAt: at })
        .where(inArray(outboundMessages.id, due))
        .returning({
          id: outboundMessages.id,
          kind: outboundMessages.kind,
          contactId: outboundMessages.contactId,
          programId: outboundMessages.programId,
          toPhone: outboundMessages.toPhone,
          body: outboundMessages.body,
          mediaUrl: outboundMessages.mediaUrl,
          segments: outboundMessages.segments,
          attempts: outboundMessages.attempts,
          sendAfter: outboundMessages.sendAfter,
          expiresAt: outboundMessages.expiresAt,
          timeZone: outboundMessages.timeZone,
          sendWindowLatest: outboundMessages.sendWindowLatest,
          priority: outboundMessages.priority,
        });
      await recordEvents(
        tx,
        rows.map((row) => row.id),
        'sending',
        'dispatcher',
        at,
      );
      // RETURNING keeps no order: sorted again, so the batch's first pacing slots go to its
      // priority messages (dispatch gives slots in the batch's order).
      rows.sort((a, b) => a.priority - b.priority || a.sendAfter.getTime() - b.sendAfter.getTime());
      return rows.map(({ priority: _priority, ...row }) => ({
        ...row,
        claimedAt: at,
      }));
    });
  }

  /** Only a claim that is still ours is written: anything else means the row moved on. */
  const ours = (message: Claimed) =>
    and(
      eq(outboundMessages.id, message.id),
      eq(outboundMessages.status, 'sending'),
      eq(outboundMessages.claimedBy, id),
    );

  async function settle(
    message: Claimed,
    status: MessageStatus,
    set: MessageUpdate,
    after?: (tx: Tx, at: Date) => Promise<unknown>,
  ): Promise<boolean> {
    const at = now();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(outboundMessages)
        .set({ ...set, status, claimedBy: null, updatedAt: at })
        .where(ours(message))
        .returning({ id: outboundMessages.id });
      if (!row) return false;
      await recordEvent(tx, message.id, status, 'dispatcher', at, {
        errorCode: set.errorCode,
        errorMessage: set.errorMessage,
      });
      await after?.(tx, at);
      return true;
    });
  }

  return { claim, settle };
}
