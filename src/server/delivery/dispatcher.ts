import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  SMS_ALLOWED_COUNTRIES_DEFAULT,
  type MessageKind,
  type MessageStatus,
} from '../../shared/delivery';
import { formatMessage } from '../../shared/format';
import { serverTexts } from '../texts';
import { optedOutAmong } from '../consent/log';
import { phonesInReview } from '../consent/review-holds';
import type { Db, Tx } from '../db/client';
import { outboundMessageEvents, outboundMessages } from '../db/schema';
import { retryDelayMs } from './backoff';
import { isPastCutoff, neverOpenedText, tooLateText } from './cutoff';
import { destinationRefusal, phoneTimeZones } from './destination';
import { optOutPhone } from './opt-out';
import {
  giveBack,
  reservationMs,
  reserveSlots,
  senderBusyUntil,
  slotOffsetsMs,
  takeTurn,
  type Turn,
} from './pacing';
import { createSentWriter } from './sent-writer';
import type { OutgoingSms, Refused, SendOutcome, SmsProvider } from './provider';
import {
  neverOpenedSince,
  quietHoursEndIn,
  quietHoursStartIn,
  splitZones,
  windowLatest,
} from './quiet-hours';
import { currentRecipients } from './recipients';
import { applyStatusReport, recordEvent, trimError } from './status';

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
const CLAIM_USE_MS = CLAIM_TIMEOUT_MS / 2;
/** How long an `unknown` message waits for its status callback before the provider is asked. */
export const UNKNOWN_GRACE_MS = 60 * 1000;
/** Messages claimed at once (fewer when pacing allows fewer per second). */
export const DISPATCH_BATCH_SIZE = 200;
/** Messages of a batch in flight to the provider at once. */
export const DISPATCH_CONCURRENCY = 50;
/**
 * Paced, a batch takes its turn once its sender's reserved time ends within this: time enough to
 * claim and screen it before the sender falls idle.
 */
const CLAIM_LEAD_MS = 100;
/** The longest sleep while waiting for a turn, so a stop is not kept waiting. */
const SENDER_WAIT_STEP_MS = 1_000;
/** `unknown` messages looked up with the provider in one pass. */
const LOOKUP_BATCH_SIZE = 20;

export interface DispatcherOptions {
  db: Db;
  provider: SmsProvider;
  /** Segments per second per sender across all dispatchers; 0: unlimited. */
  mps: number;
  /** DELIVERY_CUTOFF, for the words an expired message is given. */
  cutoffMs: number;
  log: FastifyBaseLogger;
  /** The clock: tests move it to reach quiet hours, retries and timeouts without waiting. */
  now?: () => Date;
  /** Names this dispatcher in the rows it claims. */
  id?: string;
  batchSize?: number;
  concurrency?: number;
  /** The jitter of the retry backoff. */
  random?: () => number;
  /** SMS_ALLOWED_COUNTRIES: messages Tidings starts go to numbers in these countries only. */
  allowedCountries?: readonly string[];
}

export interface Dispatcher {
  readonly id: string;
  /**
   * One pass: takes back messages lost by dead dispatchers, settles `unknown` ones with the
   * provider, expires those too late, holds those in quiet hours, then claims and sends due
   * messages batch after batch until none is left. Resolves with how many it claimed.
   */
  runOnce(): Promise<number>;
  /** Ends the pass under way after its current batch; resolves when it has. */
  stop(): Promise<void>;
}

interface Claimed {
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

type MessageUpdate = Partial<typeof outboundMessages.$inferInsert>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items` with at most `limit` at once, in order of the items. */
async function inPool<T>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}

/**
 * The kinds Tidings starts, as opposed to answers to a phone that just wrote: not sent to a phone
 * that opted out, nor to a contact who did (program messages also keep the recipient rule of
 * recipients.ts), nor to a number outside SMS_ALLOWED_COUNTRIES. Confirmations and replies answer
 * the phone and always go: the opt-out confirmation and the answer to HELP must reach it. A staff
 * member's reply is a person writing, and keeps the phone's STOP like the rest.
 */
const STARTED_KINDS: ReadonlySet<MessageKind> = new Set(['program', 'optin', 'test', 'staff']);

/**
 * The kinds a reply that may ask to stop holds back until a staff member decides it: what Tidings
 * sends on its own schedule. A staff member's reply still goes (it may be the question 'did you
 * mean stop?').
 */
const HELD_BY_REVIEW: ReadonlySet<MessageKind> = new Set(['program', 'optin']);

/**
 * The zones whose quiet hours a message keeps: its own (where its recipient may be, as
 * recipient-zones.ts found it when it was queued); for an opt-in request without (queued before
 * Tidings stored them), every zone of the number's country; none for the rest. The window ends at
 * the message's `send_window_latest` (a stricter state's), or SEND_WINDOW.latest.
 */
const quietZones = (message: Pick<Claimed, 'kind' | 'timeZone' | 'toPhone'>): string[] =>
  message.timeZone
    ? splitZones(message.timeZone)
    : message.kind === 'optin'
      ? phoneTimeZones(message.toPhone)
      : [];

const notEligible = serverTexts.delivery.notEligible;

const defaultId = () => `${os.hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`;

/**
 * Sends the SMS outbox. Exactly once is kept by the row, not by a job engine: a message is claimed
 * (`sending`, committed, one statement) before the provider is called, and the outcome is written
 * in a second short transaction guarded by the claim; no transaction is ever open across the
 * network. Claims skip locked rows, so any number of dispatchers share one PostgreSQL. A message
 * whose fate a crash or a timeout leaves in doubt becomes `unknown` and is settled by its status
 * callback or by asking the provider, never by sending it again blindly.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db, provider, mps, cutoffMs, log } = options;
  const now = options.now ?? (() => new Date());
  const id = options.id ?? defaultId();
  const random = options.random ?? Math.random;
  const allowedCountries = options.allowedCountries ?? SMS_ALLOWED_COUNTRIES_DEFAULT;
  const concurrency = options.concurrency ?? DISPATCH_CONCURRENCY;
  // About a second of sending per batch when paced: claimed messages do not wait long for slots,
  // and a reply queued meanwhile waits for no more than that (see `pass`).
  const batchSize = Math.max(
    1,
    Math.min(options.batchSize ?? DISPATCH_BATCH_SIZE, mps > 0 ? mps : Infinity),
  );
  let stopping = false;
  let running: Promise<number> | undefined;
  const sentWriter = createSentWriter(db, id);

  /** Records one change of many messages' status, each in its history. */
  async function recordEvents(
    tx: Tx | Db,
    ids: string[],
    status: MessageStatus,
    at: Date,
    errorMessage: string | null = null,
  ) {
    if (ids.length === 0) return;
    await tx.insert(outboundMessageEvents).values(
      ids.map((messageId) => ({
        messageId,
        status,
        source: 'dispatcher' as const,
        at,
        errorMessage,
      })),
    );
  }

  /** Moves every message matching `where` to `status` in one statement, with its history. */
  async function moveAll(where: SQL, status: MessageStatus, set: MessageUpdate, at: Date) {
    return db.transaction(async (tx) => {
      const moved = await tx
        .update(outboundMessages)
        .set({ ...set, status, updatedAt: at })
        .where(where)
        .returning({ id: outboundMessages.id });
      const ids = moved.map((row) => row.id);
      await recordEvents(tx, ids, status, at, set.errorMessage ?? null);
      return ids;
    });
  }

  /** Only a claim that is still ours is written: anything else means the row moved on. */
  const ours = (message: Claimed) =>
    and(
      eq(outboundMessages.id, message.id),
      eq(outboundMessages.status, 'sending'),
      eq(outboundMessages.claimedBy, id),
    );

  /** Writes the outcome of our claim: one short transaction; false when the claim was lost. */
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

  // ---- Housekeeping, at the start of each pass ---------------------------------------------

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

  // ---- Claiming and sending ------------------------------------------------------------------

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

  /**
   * Program messages whose contact is no longer a recipient (the one rule in recipients.ts), and
   * messages Tidings starts (STARTED_KINDS) to a phone or contact that opted out (the message's own
   * number is asked, whatever the contact carries now) or to a number outside the allowed
   * countries; each with the reason. One query for the opt-outs, one per program, per batch.
   */
  async function ineligible(claimed: Claimed[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const byProgram = new Map<string, Claimed[]>();
    const consentChecked: Claimed[] = [];
    for (const message of claimed) {
      if (!STARTED_KINDS.has(message.kind)) continue;
      consentChecked.push(message);
      const abroad = destinationRefusal(message.toPhone, allowedCountries);
      if (abroad) out.set(message.id, abroad);
      if (message.kind !== 'program') continue;
      // The program or the contact was deleted since it was queued.
      if (!message.programId || !message.contactId) out.set(message.id, notEligible);
      else byProgram.set(message.programId, [...(byProgram.get(message.programId) ?? []), message]);
    }
    for (const [programId, group] of byProgram) {
      const recipients = await currentRecipients(
        db,
        programId,
        group.map((m) => m.contactId!),
      );
      for (const message of group) {
        if (!recipients.has(message.contactId!)) out.set(message.id, notEligible);
      }
    }
    const held = claimed.filter((m) => HELD_BY_REVIEW.has(m.kind) && !out.has(m.id));
    if (held.length > 0) {
      const inReview = await phonesInReview(db, [...new Set(held.map((m) => m.toPhone))]);
      for (const message of held) {
        if (inReview.has(message.toPhone)) out.set(message.id, serverTexts.delivery.heldForReview);
      }
    }
    if (consentChecked.length > 0) {
      const optedOut = await optedOutAmong(
        db,
        [...new Set(consentChecked.map((m) => m.toPhone))],
        [...new Set(consentChecked.flatMap((m) => (m.contactId ? [m.contactId] : [])))],
      );
      for (const message of consentChecked) {
        if (
          optedOut.phones.has(message.toPhone) ||
          (message.contactId && optedOut.contacts.has(message.contactId))
        ) {
          out.set(message.id, serverTexts.inbound.phoneOptedOut);
        }
      }
    }
    return out;
  }

  /**
   * The last checks before sending: eligibility (a message that may not go at all says why), then
   * cutoff and quiet hours. Returns what may go now.
   */
  async function screen(claimed: Claimed[]): Promise<Claimed[]> {
    const skip = await ineligible(claimed);
    const at = now();
    const left: Claimed[] = [];
    for (const message of claimed) {
      const reason = skip.get(message.id);
      const zones = quietZones(message);
      const latest = windowLatest(message.sendWindowLatest);
      const morning = reason ? null : quietHoursEndIn(at, zones, latest);
      if (reason) {
        await settle(message, 'skipped', { errorCode: null, errorMessage: reason });
      } else if (isPastCutoff(message.expiresAt, morning ?? at)) {
        const errorMessage =
          morning && neverOpenedSince(message.sendAfter, at, zones, latest)
            ? neverOpenedText(cutoffMs, zones, latest)
            : tooLateText(cutoffMs);
        await settle(message, 'expired', { errorCode: null, errorMessage });
      } else if (morning) {
        await settle(message, 'queued', { sendAfter: morning });
      } else {
        left.push(message);
      }
    }
    return left;
  }

  /** The provider took it. If a quick callback already moved the row on, only fill in the gaps. */
  async function accepted(message: Claimed, providerMessageId: string) {
    const sentAt = now();
    if (await sentWriter.record(message.id, providerMessageId, sentAt)) return;
    // Taken back as `unknown` while we were slow: this is the answer it waits for.
    if (await applyStatusReport(db, message.id, { status: 'sent', providerMessageId }, sentAt)) {
      return;
    }
    await db
      .update(outboundMessages)
      .set({
        providerMessageId: sql`coalesce(${outboundMessages.providerMessageId}, ${providerMessageId})`,
        sentAt: sql`coalesce(${outboundMessages.sentAt}, ${sentAt})`,
        attempts: message.attempts + 1,
        // Only gaps are filled, the status stays: so does when it last changed.
        updatedAt: sql`${outboundMessages.updatedAt}`,
      })
      .where(eq(outboundMessages.id, message.id));
  }

  async function refused(message: Claimed, outcome: Refused) {
    const attempts = message.attempts + 1;
    const error = { errorCode: outcome.errorCode, errorMessage: trimError(outcome.errorMessage) };
    if (outcome.uncertain) {
      await settle(message, 'unknown', { attempts, ...error });
      return;
    }
    if (outcome.retryable) {
      const delay = retryDelayMs(attempts, random);
      if (delay === null) {
        await settle(message, 'failed', {
          attempts,
          errorCode: outcome.errorCode,
          errorMessage: formatMessage(serverTexts.delivery.retriesExhausted, { attempts }),
        });
      } else {
        await settle(message, 'queued', {
          attempts,
          sendAfter: new Date(now().getTime() + delay),
          ...error,
        });
      }
      return;
    }
    await settle(message, 'failed', { attempts, ...error }, async (tx, at) => {
      if (!outcome.optedOut) return;
      await optOutPhone(tx, {
        phone: message.toPhone,
        at,
        source: 'provider',
        text: error.errorMessage,
        outboundMessageId: message.id,
      });
    });
  }

  async function send(message: Claimed, slotAt: number) {
    const wait = slotAt - now().getTime();
    if (wait > 0) await sleep(wait);
    if (now().getTime() - message.claimedAt.getTime() > CLAIM_USE_MS) {
      await settle(message, 'queued', {});
      return;
    }
    const sms: OutgoingSms = {
      id: message.id,
      to: message.toPhone,
      body: message.body,
      mediaUrl: message.mediaUrl,
    };
    let outcome: SendOutcome;
    try {
      outcome = await provider.send(sms);
    } catch (error) {
      // A provider must not throw; if one does, whether it sent is unknown.
      outcome = {
        ok: false,
        retryable: false,
        uncertain: true,
        errorCode: null,
        errorMessage: error instanceof Error ? error.message : String(error),
      };
    }
    if (outcome.ok) await accepted(message, outcome.providerMessageId);
    else await refused(message, outcome);
  }

  /**
   * Gives each message that may go its pacing slot and sends it there. A batch claimed in a turn
   * (see `waitForTurn`) goes in the turn's time as far as it fits; what the turn does not need is
   * given back, and what does not fit goes in time reserved after it. Without a turn (an idle
   * sender), the batch reserves what it needs now.
   */
  async function dispatch(claimed: Claimed[], turn: Turn | null) {
    const ready = await screen(claimed);
    const segments = ready.map((message) => message.segments);
    const offsets = slotOffsetsMs(segments, mps);
    const needed = reservationMs(segments, mps);
    // Where each message's time ends; those ending within the turn take its slots.
    const ends = offsets.map((_, index) => offsets[index + 1] ?? needed);
    const fit = turn ? ends.filter((end) => end <= turn.durationMs).length : 0;
    const used = fit > 0 ? ends[fit - 1]! : 0;
    if (turn) await giveBack(db, provider.sender, turn, used);
    if (ready.length === 0) return;
    const rest =
      mps > 0 && needed > used
        ? (await reserveSlots(db, provider.sender, needed - used, now())).getTime()
        : 0;
    await inPool(ready, concurrency, async (message, index) => {
      const slot =
        index < fit ? turn!.start.getTime() + offsets[index]! : rest + offsets[index]! - used;
      try {
        await send(message, slot);
      } catch (error) {
        // The outcome could not be written: the claim times out and the message is looked up.
        log.error({ err: error, messageId: message.id }, 'recording an SMS outcome failed');
      }
    });
  }

  async function pass(): Promise<number> {
    const at = now();
    await recoverLostClaims(at);
    await settleUnknown(at);
    await expireLate(at);
    await holdQuietZones(at);
    let total = 0;
    // Paced, a batch is about a second of its sender: SMS_MPS messages (at most batchSize) at
    // first, then as many as a second holds by the segments of the batch before, since pacing
    // counts segments and a reply queued meanwhile waits for the batch under way.
    let perMessageMs = mps > 0 ? 1000 / mps : 0;
    let limit = batchSize;
    while (!stopping) {
      const turn = await waitForTurn(limit * perMessageMs);
      if (stopping) {
        if (turn) await giveBack(db, provider.sender, turn, 0);
        break;
      }
      const claimed = await claim(limit);
      total += claimed.length;
      await dispatch(claimed, turn);
      if (claimed.length < limit) break;
      if (mps > 0) {
        perMessageMs =
          reservationMs(
            claimed.map((message) => message.segments),
            mps,
          ) / claimed.length;
        limit = Math.max(1, Math.min(batchSize, Math.floor(1000 / perMessageMs)));
      }
    }
    return total;
  }

  /**
   * Paced, while the sender is busy, a batch is claimed in a turn: `budgetMs` of the sender's time
   * reserved right after what is reserved already, taken only when that is about to end
   * (CLAIM_LEAD_MS). Dispatchers sharing a sender would otherwise each hold a claimed batch
   * reserved after the others', and a reply claimed next would wait a second for each of them; in
   * turns, the batch under way is the only one ahead of it. Null: not paced, the sender is idle
   * (the batch reserves after its claim, as soon as it likes), or stopping.
   */
  async function waitForTurn(budgetMs: number): Promise<Turn | null> {
    while (mps > 0 && !stopping) {
      const at = now();
      const busyUntil = await senderBusyUntil(db, provider.sender, at);
      if (!busyUntil) return null;
      const turn = await takeTurn(db, provider.sender, budgetMs, at, CLAIM_LEAD_MS);
      if (turn) return turn;
      // Another dispatcher's batch is ahead: look again when it is about to end.
      const wait = busyUntil.getTime() - at.getTime() - CLAIM_LEAD_MS;
      await sleep(Math.max(1, Math.min(wait, SENDER_WAIT_STEP_MS)));
    }
    return null;
  }

  return {
    id,
    runOnce() {
      // One pass at a time in a process: a second caller shares the pass under way.
      running ??= pass().finally(() => {
        running = undefined;
      });
      return running;
    },
    async stop() {
      stopping = true;
      await running?.catch(() => undefined);
    },
  };
}
