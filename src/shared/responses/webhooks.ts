import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '../webhooks';
import { listOf } from './common';

const time = z.iso.datetime();

/** A webhook endpoint as the API returns it: never its secret, which creation and rotation answer. */
export const webhookSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  createdAt: time,
  createdBy: z.object({ id: z.uuid(), fullName: z.string() }).nullable(),
  /** The first failure since the endpoint last answered 2xx; null while it answers. */
  failingSince: time.nullable(),
  /** When Tidings disabled it for failing; null when it did not. */
  disabledAt: time.nullable(),
  /** Until when the secret before the last rotation still signs; null: only one secret signs. */
  previousSecretUntil: time.nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookResponse = z.object({ webhook: webhookSchema });

export const webhookWithSecretResponse = z.object({
  webhook: webhookSchema,
  /** The signing secret (`whsec_…`): in the answers to creation and rotation only. */
  secret: z.string(),
});

export const webhookListResponse = listOf('webhooks', webhookSchema);
export type WebhookListResponse = z.infer<typeof webhookListResponse>;

/** One call to an endpoint: its log's row. */
export const webhookAttemptSchema = z.object({
  id: z.uuid(),
  at: time,
  deliveryId: z.uuid(),
  /** The event's id: the `webhook-id` header, the same on every try. */
  eventId: z.uuid(),
  eventType: z.string(),
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  succeeded: z.boolean(),
  error: z.string().nullable(),
  /** Where the delivery stands now, and its next try when one is due. */
  deliveryStatus: z.enum(WEBHOOK_DELIVERY_STATUSES),
  nextAttemptAt: time.nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptListResponse = listOf('attempts', webhookAttemptSchema);

/** A delivery queued by a test or a resend. */
export const webhookDeliveryResponse = z.object({
  delivery: z.object({
    id: z.uuid(),
    eventId: z.uuid(),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  }),
});
