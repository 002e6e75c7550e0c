import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { Webhook } from '../../shared/responses/webhooks';
import { webhookSchema, type WebhookInput } from '../../shared/validation/webhook';
import { serverFieldErrors } from '../contacts/form/saveOutcome';

/**
 * The API's rules and texts (shared/validation/webhook.ts). The form submits the schema's output,
 * so a save sends the four fields the API takes and nothing else of the record.
 */
export const webhookResolver = zodResolver(webhookSchema) as unknown as Resolver<FieldValues>;

/** A new endpoint: enabled, its events still to choose. */
export const NEW_WEBHOOK: WebhookInput = { url: '', description: '', events: [], enabled: true };

/** A stored endpoint as the form edits it. */
export const webhookFormValues = (webhook: Webhook): WebhookInput => ({
  url: webhook.url,
  description: webhook.description,
  events: [...webhook.events],
  enabled: webhook.enabled,
});

/**
 * The server's field errors, shaped like the form. One refused event (`events.3`) is shown on the
 * events group, the only input there is for them.
 */
export function webhookFieldErrors(error: unknown): Record<string, unknown> | undefined {
  const errors = serverFieldErrors(error);
  const events = errors?.events;
  if (!events || typeof events !== 'object') return errors;
  return { ...errors, events: Object.values(events).find((text) => typeof text === 'string') };
}
