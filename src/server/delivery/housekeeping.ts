import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageStatus } from '../../shared/delivery';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { outboundMessages } from '../db/schema';
import { foldMessageCounts } from '../services/message-counts';
import { CLAIM_TIMEOUT_MS, type MessageUpdate } from './claim';
import { neverOpenedText, tooLateText } from './cutoff';
import { inPool } from './in-pool';
import type { SmsProvider } from './provider';
import { quietHoursEndIn, quietHoursStartIn, splitZones, windowLatest } from './quiet-hours';
import { applyStatusReport, recordEvents } from './status';

/** How long an `unknown` message waits for its status callback before the provider is asked. */
export const UNKNOWN_GRACE_MS = 60 * 1000;
/**
 * How often a dispatcher folds the outbox's pending count changes into its counts
 * (services/message-counts.ts): readers sum both, so this bounds only how many changes they sum.
 */
export const FOLD_COUNTS_EVERY_MS = 30 * 1000;
/** `unknown` messages looked up with the provider in one pass. */
const LOOKUP_BATCH_SIZE = 20;

export interface HousekeepingOptions {
  db: Db;
  provider: SmsProvider;
  /** DELIVERY_CUTOFF, for the words an expired message is given. */
  cutoffMs: number;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Lookups in flight to the provider at once. */
  concurrency: number;
}

/**
 * What a dispatcher's pass does before it claims, each step over the whole outbox in a few
 * statements: takes back messages lost by dead dispatchers, settles `unknown` ones with the
 * provider, expires those too late, holds those in quiet hours, and (every
 * FOLD_COUNTS_EVERY_MS) folds the outbox's count changes into its counts.
 */
export function createHousekeeping(options: HousekeepingOptions): (at: Date) => Promise<void> {
  const { db, provider, cutoffMs, log, now, concurrency } = options;

  /** Moves every message matching `where` to `status` in one statement, with its history. */
  async function moveAll(where: SQL, status: MessageStatus, set: MessageUpdate, at: Date) {
    return db.transaction(async (tx) => {
      const moved = await tx
        .update(outboundMessages)
        .set({ ...set, status, updatedAt: at })
        .where(where)
        .returning({ id: outboundMessages.id });
      const ids = moved.map((row) => row.id);
      await recordEvents(tx, ids, status, 'dispatcher', at, set.errorMessage ?? null);
      return ids;
    });
  }

  /** Claims of dead dispatchers: their messages may or may not have reached the provider. */
  async function recoverLostClaims(at: Date) {
    const lost = await moveAll(
      and(
        eq(outboundMessages.status, 'sending'),
        lt(outboundMessages.claimedAt, new Date(at.getTime() - CLAIM_TIMEOUT_MS)),
      )!,
      'unknown',
      { claimedBy: null, errorCode: null, errorMessage: serverTexts.delivery.lostInSending },
      at,
    );
    if (lost.length > 0) {
      log.warn({ messages: lost.length }, 'messages left in sending by a stopped dispatcher');
    }
  }

  /**
   * Asks the provider about `unknown` messages whose callback has not come: what it knows is
   * applied as a status report; a message it never got is queued again. Each message is first
   * touched (updated_at) under SKIP LOCKED, so two dispatchers do not ask about the same one,
   * and it is only queued again if nothing changed it since.
   */
  async function settleUnknown(at: Date) {
    const stale = db
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.status, 'unknown'),
          lt(outboundMessages.updatedAt, new Date(at.getTime() - UNKNOWN_GRACE_MS)),
        ),
      )
      .orderBy(asc(outboundMessages.updatedAt))
      .limit(LOOKUP_BATCH_SIZE)
      .for('update', { skipLocked: true });
    const touched = await db
      .update(outboundMessages)
      .set({ updatedAt: at })
      .where(and(inArray(outboundMessages.id, stale), eq(outboundMessages.status, 'unknown')))
      .returning({
        id: outboundMessages.id,
        to: outboundMessages.toPhone,
        body: outboundMessages.body,
        mediaUrl: outboundMessages.mediaUrl,
        claimedAt: outboundMessages.claimedAt,
        createdAt: outboundMessages.createdAt,
      });
    await inPool(touched, concurrency, async (message) => {
      try {
        const found = await provider.lookup({
          id: message.id,
          to: message.to,
          body: message.body,
          mediaUrl: message.mediaUrl,
          claimedAt: message.claimedAt ?? message.createdAt,
        });
        if (found) {
          await applyStatusReport(db, message.id, found, now());
          return;
        }
        await moveAll(
          and(
            eq(outboundMessages.id, message.id),
            eq(outboundMessages.status, 'unknown'),
            eq(outboundMessages.updatedAt, at),
          )!,
          'queued',
          { sendAfter: now(), errorCode: null, errorMessage: serverTexts.delivery.notReceived },
          now(),
        );
      } catch (error) {
        // Asked again after the grace period: the touch above moved its updated_at.
        log.warn({ err: error, messageId: message.id }, 'looking up an unknown message failed');
      }
    });
  }

  /** Queued messages past their cutoff: never sent late. */
  async function expireLate(at: Date) {
    await moveAll(
      and(eq(outboundMessages.status, 'queued'), lt(outboundMessages.expiresAt, at))!,
      'expired',
      { errorCode: null, errorMessage: tooLateText(cutoffMs) },
      at,
    );
  }

  /**
   * Due messages of zones in quiet hours wait for the morning (no attempt counted), or expire if
   * the morning is past their cutoff: those due since the quiet hours began saying the window never
   * opened for them, the others that they are too late. By the zones and the window's end the
   * messages share (a handful of groups), in a few statements however many messages.
   */
  async function holdQuietZones(at: Date) {
    const due = and(eq(outboundMessages.status, 'queued'), lte(outboundMessages.sendAfter, at));
    const groups = await db
      .selectDistinct({
        timeZone: outboundMessages.timeZone,
        sendWindowLatest: outboundMessages.sendWindowLatest,
      })
      .from(outboundMessages)
      .where(and(due, isNotNull(outboundMessages.timeZone)));
    for (const { timeZone, sendWindowLatest } of groups) {
      const zones = splitZones(timeZone!);
      const latest = windowLatest(sendWindowLatest);
      const morning = quietHoursEndIn(at, zones, latest);
      if (!morning) continue;
      const inGroup = and(
        due,
        eq(outboundMessages.timeZone, timeZone!),
        sendWindowLatest === null
          ? isNull(outboundMessages.sendWindowLatest)
          : eq(outboundMessages.sendWindowLatest, sendWindowLatest),
      );
      const tooLateForMorning = and(inGroup, lt(outboundMessages.expiresAt, morning));
      const quietSince = quietHoursStartIn(at, zones, latest)!;
      await moveAll(
        and(tooLateForMorning, gte(outboundMessages.sendAfter, quietSince))!,
        'expired',
        { errorCode: null, errorMessage: neverOpenedText(cutoffMs, zones, latest) },
        at,
      );
      await moveAll(
        tooLateForMorning!,
        'expired',
        { errorCode: null, errorMessage: tooLateText(cutoffMs) },
        at,
      );
      await db.update(outboundMessages).set({ sendAfter: morning, updatedAt: at }).where(inGroup);
    }
  }

  let lastFold = -Infinity;
  async function foldCounts(at: Date) {
    if (at.getTime() - lastFold < FOLD_COUNTS_EVERY_MS) return;
    lastFold = at.getTime();
    await foldMessageCounts(db);
  }

  return async function housekeeping(at: Date) {
    await recoverLostClaims(at);
    await settleUnknown(at);
    await expireLate(at);
    await holdQuietZones(at);
    await foldCounts(at);
  };
}
