import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { SMS_ALLOWED_COUNTRIES_DEFAULT } from '../../shared/delivery';
import type { Db } from '../db/client';
import { createClaims, type Claimed } from './claim';
import { createHousekeeping } from './housekeeping';
import { inPool } from './in-pool';
import {
  giveBack,
  reservationMs,
  reserveSlots,
  senderBusyUntil,
  slotOffsetsMs,
  takeTurn,
  type Turn,
} from './pacing';
import type { SmsProvider } from './provider';
import { createScreen } from './screen';
import { createSend } from './send';

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
  const { claim, settle } = createClaims({ db, id, now });
  const housekeeping = createHousekeeping({ db, provider, cutoffMs, log, now, concurrency });
  const screen = createScreen({ db, now, cutoffMs, allowedCountries, settle });
  const send = createSend({ db, provider, id, now, random, settle });

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

  /** Housekeeping, then batch after batch until a claim comes back short or the dispatcher stops. */
  async function pass(): Promise<number> {
    await housekeeping(now());
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
