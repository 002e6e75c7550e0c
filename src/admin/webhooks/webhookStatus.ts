import type { Webhook } from '../../shared/responses/webhooks';

export type WebhookStatus = 'enabled' | 'paused' | 'failing' | 'disabled';

/**
 * Where an endpoint stands, as one word: disabled by Tidings for failing five days (until an admin
 * enables it again), paused by an admin, failing (enabled, its last answers not 2xx), or enabled.
 */
export function webhookStatus(webhook: Webhook): WebhookStatus {
  if (webhook.disabledAt) return 'disabled';
  if (!webhook.enabled) return 'paused';
  return webhook.failingSince ? 'failing' : 'enabled';
}
