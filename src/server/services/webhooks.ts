import { and, eq, ne, sql } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import type { Webhook, WebhookAttempt } from '../../shared/responses/webhooks';
import type { WebhookInput } from '../../shared/validation/webhook';
import { WEBHOOK_POLICY, WEBHOOK_TEST_EVENT, type WebhookEventType } from '../../shared/webhooks';
import type { Db } from '../db/client';
import { defineList } from '../db/list-page';
import {
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { refusal } from '../webhooks/call';
import { newWebhookSecret } from '../webhooks/signature';
import { sortOf, type ListParams } from './list';
import { fullNameOf } from './users';

const t = messages.webhooks;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
interface Creator {
  id: string;
  firstName: string;
  lastName: string;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

function toWebhook(row: EndpointRow, creator: Creator | null, now = new Date()): Webhook {
  return {
    _id: row.id,
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    createdBy: creator && { id: creator.id, fullName: fullNameOf(creator) },
    failingSince: iso(row.failingSince),
    disabledAt: iso(row.disabledAt),
    previousSecretUntil:
      row.previousSecretUntil && row.previousSecretUntil > now
        ? row.previousSecretUntil.toISOString()
        : null,
  };
}

const creatorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

/** The URL refused with the form's words: not https, or an address Tidings never calls. */
function checkUrl(value: string, allowLoopback: boolean) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(t.urlInvalid, [{ field: 'url', message: t.urlInvalid }]);
  }
  const refused = refusal(url, allowLoopback);
  if (!refused) return;
  const message =
    url.protocol === 'https:' || allowLoopback
      ? formatMessage(t.urlRefused, { reason: refused })
      : t.urlNotHttps;
  throw badRequest(message, [{ field: 'url', message }]);
}

async function endpointAnswer(db: Db, id: string) {
  const [row] = await db
    .select({ endpoint: webhookEndpoints, creator: creatorColumns })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound(t.notFound);
  return { webhook: toWebhook(row.endpoint, row.creator) };
}

/** Adds an endpoint; answers it and its signing secret, which only this answer shows. */
export async function createWebhook(
  db: Db,
  input: WebhookInput,
  creator: Creator,
  allowLoopback: boolean,
) {
  checkUrl(input.url, allowLoopback);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      url: input.url,
      description: input.description,
      eventTypes: input.events,
      enabled: input.enabled,
      secret,
      createdBy: creator.id,
    })
    .returning();
  return { webhook: toWebhook(row!, creator), secret };
}

/**
 * Saves an endpoint's URL, description, events and whether it is enabled. Enabling one Tidings
 * disabled for failing gives it a fresh start: its failures so far no longer count toward the
 * five days, and the deliveries that waited for it go out.
 */
export async function updateWebhook(
  db: Db,
  id: string,
  input: WebhookInput,
  allowLoopback: boolean,
) {
  checkUrl(input.url, allowLoopback);
  const enabling = input.enabled
    ? {
        disabledAt: null,
        failingSince: sql`case when ${webhookEndpoints.enabled} then ${webhookEndpoints.failingSince} end`,
      }
    : {};
  const updated = await db
    .update(webhookEndpoints)
    .set({
      url: input.url,
      description: input.description,
      eventTypes: input.events,
      enabled: input.enabled,
      ...enabling,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (updated.length === 0) throw notFound(t.notFound);
  return endpointAnswer(db, id);
}

export const getWebhook = endpointAnswer;

/** Deletes an endpoint, with its deliveries and log: nothing more is sent to it. */
export async function deleteWebhook(db: Db, id: string) {
  const answer = await endpointAnswer(db, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return answer;
}

/**
 * A new signing secret; the one it replaces signs beside it for WEBHOOK_POLICY.previousSecretMs
 * (every request carries both signatures meanwhile), so the endpoint can switch without a gap.
 */
export async function rotateWebhookSecret(db: Db, id: string, now = new Date()) {
  const secret = newWebhookSecret();
  const rotated = await db
    .update(webhookEndpoints)
    .set({
      secret,
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretUntil: new Date(now.getTime() + WEBHOOK_POLICY.previousSecretMs),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (rotated.length === 0) throw notFound(t.notFound);
  return { ...(await endpointAnswer(db, id)), secret };
}

/** Queues a `webhook.test` event to this endpoint alone, whatever events it asked for. */
export async function sendTestEvent(db: Db, id: string, by: Creator, now = new Date()) {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for('share');
    if (!endpoint) throw notFound(t.notFound);
    const [event] = await tx
      .insert(webhookEvents)
      .values({
        type: WEBHOOK_TEST_EVENT,
        at: now,
        data: { webhookId: id, sentBy: { id: by.id, fullName: fullNameOf(by) } },
      })
      .returning({ id: webhookEvents.id });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: id, eventId: event!.id })
      .returning({ id: webhookDeliveries.id, status: webhookDeliveries.status });
    return {
      delivery: {
        id: delivery!.id,
        eventId: event!.id,
        eventType: WEBHOOK_TEST_EVENT,
        status: delivery!.status,
      },
    };
  });
}

/**
 * Sends a delivery again, now, with the same `webhook-id` (a consumer that already has it may drop
 * it). Its retries start over from this try. One being sent right now is left to finish (409).
 */
export async function resendDelivery(db: Db, endpointId: string, deliveryId: string) {
  const [moved] = await db
    .update(webhookDeliveries)
    .set({ status: 'queued', nextAttemptAt: sql`now()`, attempts: 0, claimedAt: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        ne(webhookDeliveries.status, 'sending'),
      ),
    )
    .returning({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      status: webhookDeliveries.status,
    });
  if (!moved) {
    const [found] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)),
      );
    throw found ? conflict(t.resendSending) : notFound(t.deliveryNotFound);
  }
  const [event] = await db
    .select({ type: webhookEvents.type })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, moved.eventId));
  return { delivery: { ...moved, eventType: event!.type } };
}

/** The sortable fields of GET /api/webhooks. */
export const WEBHOOK_SORT_FIELDS = ['createdAt', 'url'] as const;

export function webhookList(db: Db, query: ListParams) {
  const sortColumns = { createdAt: webhookEndpoints.createdAt, url: webhookEndpoints.url };
  return defineList({
    source: {
      from: (fields) => db.select(fields).from(webhookEndpoints).$dynamic(),
      where: undefined,
      id: webhookEndpoints.id,
      order: sortOf(sortColumns, query, webhookEndpoints.id),
    },
    rows: ({ page, total, order }) =>
      db
        .select({ endpoint: webhookEndpoints, creator: creatorColumns, total })
        .from(page)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, page.id))
        .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
        .orderBy(...order),
    toApi: (rows) => {
      const now = new Date();
      return rows.map((row) => toWebhook(row.endpoint, row.creator, now));
    },
  });
}

/** The sortable fields of GET /api/webhooks/{id}/attempts: the log is read by time. */
export const WEBHOOK_ATTEMPT_SORT_FIELDS = ['at'] as const;

/** An endpoint's log: every call made to it, newest first unless asked otherwise. */
export async function webhookAttemptList(db: Db, endpointId: string, query: ListParams) {
  await endpointAnswer(db, endpointId);
  return defineList({
    source: {
      from: (fields) => db.select(fields).from(webhookAttempts).$dynamic(),
      where: eq(webhookAttempts.endpointId, endpointId),
      id: webhookAttempts.id,
      order: sortOf(
        { at: webhookAttempts.at },
        { ...query, sort: query.sort ?? 'at', order: query.order ?? 'desc' },
        webhookAttempts.id,
      ),
    },
    rows: ({ page, total, order }) =>
      db
        .select({
          attempt: webhookAttempts,
          eventId: webhookEvents.id,
          eventType: webhookEvents.type,
          deliveryStatus: webhookDeliveries.status,
          nextAttemptAt: webhookDeliveries.nextAttemptAt,
          total,
        })
        .from(page)
        .innerJoin(webhookAttempts, eq(webhookAttempts.id, page.id))
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .orderBy(...order),
    toApi: (rows): WebhookAttempt[] =>
      rows.map((row) => ({
        id: row.attempt.id,
        at: row.attempt.at.toISOString(),
        deliveryId: row.attempt.deliveryId,
        eventId: row.eventId,
        eventType: row.eventType,
        attempt: row.attempt.attempt,
        statusCode: row.attempt.statusCode,
        durationMs: row.attempt.durationMs,
        succeeded: row.attempt.succeeded,
        error: row.attempt.error,
        deliveryStatus: row.deliveryStatus,
        nextAttemptAt: row.deliveryStatus === 'queued' ? row.nextAttemptAt.toISOString() : null,
      })),
  });
}
