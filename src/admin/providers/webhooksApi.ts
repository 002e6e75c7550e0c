import type { z } from 'zod';
import type {
  Webhook,
  WebhookAttempt,
  webhookDeliveryResponse,
  webhookWithSecretResponse,
} from '../../shared/responses/webhooks';
import type { WebhookInput } from '../../shared/validation/webhook';
import { httpClient } from './httpClient';

/** An endpoint and its signing secret, which the API answers only on creation and rotation. */
export type WebhookWithSecret = z.infer<typeof webhookWithSecretResponse>;
/** A delivery queued by a test or a resend. */
export type WebhookDelivery = z.infer<typeof webhookDeliveryResponse>['delivery'];

const path = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

/** POST /api/webhooks: the endpoint and its signing secret, shown this once. */
export async function createWebhook(input: WebhookInput): Promise<WebhookWithSecret> {
  const { json } = await httpClient('/webhooks', { method: 'POST', body: JSON.stringify(input) });
  return json as WebhookWithSecret;
}

/** DELETE /api/webhooks/{id}: the endpoint as it was; its deliveries and log go with it. */
export async function deleteWebhook(id: string): Promise<Webhook> {
  const { json } = await httpClient(path(id), { method: 'DELETE' });
  return (json as { webhook: Webhook }).webhook;
}

/** POST /api/webhooks/{id}/rotate-secret: the endpoint and its new secret, shown this once. */
export async function rotateWebhookSecret(id: string): Promise<WebhookWithSecret> {
  const { json } = await httpClient(`${path(id)}/rotate-secret`, { method: 'POST' });
  return json as WebhookWithSecret;
}

/** POST /api/webhooks/{id}/test: a `webhook.test` event, queued (202). */
export async function sendWebhookTest(id: string): Promise<WebhookDelivery> {
  const { json } = await httpClient(`${path(id)}/test`, { method: 'POST' });
  return (json as { delivery: WebhookDelivery }).delivery;
}

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: queued again (202); 409 while sending. */
export async function resendWebhookDelivery(
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const { json } = await httpClient(
    `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    { method: 'POST' },
  );
  return (json as { delivery: WebhookDelivery }).delivery;
}

/** GET /api/webhooks/{id}/attempts: one page of the endpoint's log, newest first by default. */
export async function getWebhookAttempts(
  id: string,
  params: { page: number; perPage: number; order: 'ASC' | 'DESC' },
): Promise<{ data: WebhookAttempt[]; total: number }> {
  const query = new URLSearchParams({
    page: String(params.page),
    perPage: String(params.perPage),
    sort: 'at',
    order: params.order.toLowerCase(),
  });
  const { json } = await httpClient(`${path(id)}/attempts?${query}`);
  const { attempts, total } = json as { attempts: WebhookAttempt[]; total: number };
  return { data: attempts, total };
}
