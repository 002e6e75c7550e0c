import { z } from 'zod';
import { formatMessage } from '../format';
import { messages } from '../messages';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_POLICY } from '../webhooks';
import { requiredString } from './common';
import { isHttpUrl } from './product';

const t = messages.webhooks;

/** An http(s) URL; whether http is allowed, and where it points, the server decides. */
const webhookUrl = requiredString(t.urlRequired)
  .max(WEBHOOK_POLICY.urlMaxLength, {
    error: formatMessage(t.urlTooLong, { max: WEBHOOK_POLICY.urlMaxLength }),
  })
  .refine(isHttpUrl, { error: t.urlInvalid });

/**
 * POST /api/webhooks, PUT /api/webhooks/{id} and the console's endpoint form: the URL, what it is
 * for, the events it wants (at least one, each named once), and whether Tidings sends to it.
 */
export const webhookSchema = z.object({
  url: webhookUrl,
  description: z
    .string({ error: t.descriptionTooLong })
    .trim()
    .max(WEBHOOK_POLICY.descriptionMaxLength, {
      error: formatMessage(t.descriptionTooLong, { max: WEBHOOK_POLICY.descriptionMaxLength }),
    })
    .optional()
    .default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: t.eventInvalid }), { error: t.eventsRequired })
    .max(WEBHOOK_EVENT_TYPES.length * 4, { error: t.eventInvalid })
    .min(1, { error: t.eventsRequired })
    .transform((events) => [...new Set(events)]),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional().default(true),
});

export type WebhookInput = z.output<typeof webhookSchema>;
