import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_POLICY } from '../../shared/webhooks';
import type { Db } from '../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema';
import { createPollLoop } from '../jobs/poll-loop';
import { queueWebhookDisabledEmails } from '../outbox/emails';
import { webhookBody } from './body';
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
  eventId: string;
  attempts: number;
  claimedAt: Date;
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

  async function claim(limit: number): Promise<Claimed[]> {
    const at = now();
    const due = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          or(
            and(eq(webhookDeliveries.status, 'queued'), lte(webhookDeliveries.nextAttemptAt, at)),
            and(
              eq(webhookDeliveries.status, 'sending'),
              lte(webhookDeliveries.claimedAt, new Date(at.getTime() - claimTimeoutMs)),
            ),
          ),
          // A disabled endpoint's deliveries wait for it to be enabled again.
          sql`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.id} = ${webhookDeliveries.endpointId} and ${webhookEndpoints.enabled})`,
        ),
      )
      .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(webhookDeliveries)
      .set({
        status: 'sending',
        claimedAt: at,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
      })
      .where(inArray(webhookDeliveries.id, due))
      .returning({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        eventId: webhookDeliveries.eventId,
        attempts: webhookDeliveries.attempts,
      });
    // The update returns rows in no particular order: calls start in the events' order.
    return rows
      .map((row) => ({ ...row, claimedAt: at }))
      .sort((a, b) => (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
  }

  async function call(delivery: Claimed, endpoint: Endpoint, event: Event) {
    const at = now();
    const body = webhookBody(event);
    const secrets = [endpoint.secret];
    if (
      endpoint.previousSecret &&
      endpoint.previousSecretUntil &&
      endpoint.previousSecretUntil > at
    )
      secrets.push(endpoint.previousSecret);
    const outcome = await callEndpoint(
      endpoint.url,
      webhookHeaders(event.id, at, body, secrets),
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
    if (room <= 0 || loop.stopping) return 0;
    const claimed = await claim(Math.min(room, WEBHOOK_WORKER.batchSize));
    if (claimed.length === 0) return 0;
    const [endpoints, events] = await Promise.all([
      db
        .select()
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((d) => d.endpointId))])),
      db
        .select()
        .from(webhookEvents)
        .where(inArray(webhookEvents.id, [...new Set(claimed.map((d) => d.eventId))])),
    ]);
    const endpointOf = new Map(endpoints.map((e) => [e.id, e]));
    const eventOf = new Map(events.map((e) => [e.id, e]));
    for (const delivery of claimed) {
      const endpoint = endpointOf.get(delivery.endpointId);
      const event = eventOf.get(delivery.eventId);
      // Deleted with its endpoint since the claim: nothing to send.
      if (!endpoint || !event) continue;
      const running = call(delivery, endpoint, event)
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

type Endpoint = typeof webhookEndpoints.$inferSelect;
type Event = typeof webhookEvents.$inferSelect;
