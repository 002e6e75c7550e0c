import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_POLICY } from '../../shared/webhooks';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { createPollLoop } from '../jobs/poll-loop';
import { queueWebhookDisabledEmails } from '../outbox/emails';
import { webhookBody, type StoredEvent } from './body';
import { callEndpoint, WEBHOOK_CALL } from './call';
import { createOutcomeWriter, type OnDisabled } from './outcomes';
import { webhookHeaders } from './signature';

export const WEBHOOK_WORKER = {
  /** Deliveries claimed at once. */
  batchSize: 100,
  /** Calls under way at once, all endpoints together: a slow endpoint holds at most this many. */
  inFlight: 64,
  /** How often the worker looks for due deliveries when nothing wakes it. */
  pollMs: 1_000,
  /**
   * A claim older than this was left by a worker that died mid-call, and is taken back (the event
   * is sent again: consumers drop repeats by `webhook-id`). Well above a call's longest
   * (WEBHOOK_CALL.timeoutMs) and the wait for its outcome to be written.
   */
  claimTimeoutMs: 2 * 60 * 1000,
} as const;

/** The wait after the `attempts`-th failed try, or null when that failure is the last one. */
export function webhookRetryDelayMs(attempts: number): number | null {
  return WEBHOOK_POLICY.retryDelaysMs[attempts - 1] ?? null;
}

export interface WebhookWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** WEBHOOK_ALLOW_LOOPBACK: http and loopback URLs allowed (development, tests). */
  allowLoopback: boolean;
  /**
   * Called in the transaction that disabled endpoints for failing; by default it queues the email
   * that tells every active admin.
   */
  onDisabled?: OnDisabled;
  /** The clock: tests move it to make retries due without waiting hours. */
  now?: () => Date;
  pollMs?: number;
  timeoutMs?: number;
  claimTimeoutMs?: number;
}

export interface WebhookWorker {
  /** Claims due deliveries (as many as there is room for) and starts their calls. */
  runOnce(): Promise<number>;
  start(): void;
  wake(): void;
  /** Ticks until nothing is due or under way (tests, benchmarks). */
  drain(): Promise<void>;
  /** Claims nothing more and waits for the calls under way and their outcomes. */
  stop(): Promise<void>;
}

interface Claimed {
  id: string;
  endpointId: string;
  attempts: number;
  claimedAt: Date;
  event: StoredEvent;
  endpoint: { url: string; secrets: string[] };
}

/** A claimed delivery as the claim's statement answers it (timestamps as the driver gives them). */
interface ClaimedRow {
  id: string;
  endpoint_id: string;
  attempts: number;
  event_id: string;
  type: string;
  at: Date | string;
  data: Record<string, unknown>;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
}

/**
 * Sends the webhook outbox (issue 29) outside any request, by the server and by `npm run worker`.
 * Each delivery is claimed (`sending`, committed; SKIP LOCKED, so any number of processes share
 * the outbox) before its endpoint is called, and what the call came to is written afterwards: no
 * transaction is open across a call. Calls start in the order of their events, so an endpoint
 * gets its events in order as far as that is possible: a retried event comes after those that
 * went through meanwhile, and calls under way at once may be answered in any order.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, log, allowLoopback } = options;
  const now = options.now ?? (() => new Date());
  const claimTimeoutMs = options.claimTimeoutMs ?? WEBHOOK_WORKER.claimTimeoutMs;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_CALL.timeoutMs;
  const outcomes = createOutcomeWriter(db, now, options.onDisabled ?? queueWebhookDisabledEmails);
  const underWay = new Set<Promise<void>>();

  /**
   * Claims up to `limit` due deliveries (queued and due, or claimed by a worker that died) of
   * enabled endpoints, and reads what their calls need, in one statement: calls in the events'
   * order.
   */
  async function claim(limit: number): Promise<Claimed[]> {
    const at = now();
    const rows = await rowsOf<ClaimedRow>(
      db,
      sql`with due as (
            select d.id from webhook_deliveries d
            where ((d.status = 'queued' and d.next_attempt_at <= ${at})
                or (d.status = 'sending'
                    and d.claimed_at <= ${new Date(at.getTime() - claimTimeoutMs)}))
              -- A disabled endpoint's deliveries wait for it to be enabled again.
              and exists (select 1 from webhook_endpoints w
                          where w.id = d.endpoint_id and w.enabled)
            order by d.next_attempt_at, d.id
            limit ${limit}
            for update skip locked
          ), claimed as (
            update webhook_deliveries d
            set status = 'sending', claimed_at = ${at}, attempts = d.attempts + 1
            from due where d.id = due.id
            returning d.id, d.endpoint_id, d.event_id, d.attempts
          )
          select c.id, c.endpoint_id, c.attempts, e.id as event_id, e.type, e.at, e.data,
                 w.url, w.secret, w.previous_secret, w.previous_secret_until
          from claimed c
          join webhook_events e on e.id = c.event_id
          join webhook_endpoints w on w.id = c.endpoint_id
          order by c.event_id`,
    );
    return rows.map((row) => ({
      id: row.id,
      endpointId: row.endpoint_id,
      attempts: row.attempts,
      claimedAt: at,
      event: { id: row.event_id, type: row.type, at: new Date(row.at), data: row.data },
      endpoint: {
        url: row.url,
        secrets:
          row.previous_secret &&
          row.previous_secret_until &&
          new Date(row.previous_secret_until) > at
            ? [row.secret, row.previous_secret]
            : [row.secret],
      },
    }));
  }

  async function call(delivery: Claimed) {
    const at = now();
    const { event, endpoint } = delivery;
    const body = webhookBody(event);
    const outcome = await callEndpoint(
      endpoint.url,
      webhookHeaders(event.id, at, body, endpoint.secrets),
      body,
      { allowLoopback, timeoutMs },
    );
    const delay = outcome.ok ? null : webhookRetryDelayMs(delivery.attempts);
    await outcomes.record({
      deliveryId: delivery.id,
      endpointId: delivery.endpointId,
      claimedAt: delivery.claimedAt,
      attempt: delivery.attempts,
      at,
      durationMs: outcome.durationMs,
      statusCode: outcome.status,
      succeeded: outcome.ok,
      error: outcome.error,
      answer: outcome.status === null ? null : outcome.answer,
      nextAttemptAt: delay === null ? null : new Date(now().getTime() + delay),
    });
  }

  async function runOnce(): Promise<number> {
    const room = WEBHOOK_WORKER.inFlight - underWay.size;
    // Claims are made for many calls at once, not one each time a call ends.
    if (loop.stopping || room < Math.min(WEBHOOK_WORKER.inFlight / 2, WEBHOOK_WORKER.batchSize)) {
      return 0;
    }
    const claimed = await claim(Math.min(room, WEBHOOK_WORKER.batchSize));
    for (const delivery of claimed) {
      const running = call(delivery)
        .catch((error: unknown) =>
          // The claim is taken back after claimTimeoutMs, and the event sent again.
          log.error({ err: error, deliveryId: delivery.id }, 'recording a webhook call failed'),
        )
        .finally(() => {
          underWay.delete(running);
          loop.wake();
        });
      underWay.add(running);
    }
    return claimed.length;
  }

  const loop = createPollLoop({
    // Claimed to the full: more may be due, and there may be room again.
    tick: async () => (await runOnce()) === WEBHOOK_WORKER.batchSize,
    pollMs: options.pollMs ?? WEBHOOK_WORKER.pollMs,
    log,
    failure: 'the webhook worker could not read its outbox',
  });

  return {
    runOnce,
    start: () => loop.start(),
    wake: () => loop.wake(),
    async drain() {
      for (;;) {
        await loop.drain();
        if (underWay.size === 0) return;
        await Promise.all(underWay);
      }
    },
    async stop() {
      await loop.stop();
      while (underWay.size > 0) await Promise.all(underWay);
    },
  };
}
