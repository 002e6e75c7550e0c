import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { WEBHOOK_EVENT_DATA, webhookEventBody } from '../../shared/webhook-events';
import { WEBHOOK_CALL } from '../webhooks/call';

const header = (name: string, description: string): OpenAPIV3_1.ParameterObject => ({
  in: 'header',
  name,
  required: true,
  description,
  schema: { type: 'string' },
});

/**
 * The `webhooks` section of the OpenAPI document (3.1): each event Tidings POSTs to an endpoint,
 * with its body's schema (shared/webhook-events.ts) and the Standard Webhooks headers.
 */
export function webhookDocs(): Record<string, OpenAPIV3_1.PathItemObject> {
  return Object.fromEntries(
    Object.keys(WEBHOOK_EVENT_DATA).map((type) => {
      const { $schema: _dialect, ...schema } = z.toJSONSchema(
        webhookEventBody(type as keyof typeof WEBHOOK_EVENT_DATA),
        { target: 'draft-2020-12' },
      );
      return [
        type,
        {
          post: {
            summary: `${type}`,
            tags: ['Webhooks'],
            description:
              'Sent to each enabled endpoint that asked for this event, signed by the Standard ' +
              'Webhooks specification (standardwebhooks.com): verify `webhook-signature` with the ' +
              "endpoint's `whsec_` secret, and drop repeats by `webhook-id`.",
            parameters: [
              header('webhook-id', "The event's id: the same on every try of it."),
              header('webhook-timestamp', 'When this try was made, in seconds since 1970.'),
              header(
                'webhook-signature',
                '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`; two, separated by a space, for 24 hours after a rotation.',
              ),
            ],
            requestBody: {
              required: true,
              content: { 'application/json': { schema: schema as OpenAPIV3_1.SchemaObject } },
            },
            responses: {
              '2XX': {
                description: `Received. Any other answer, or none within ${WEBHOOK_CALL.timeoutMs / 1000} s, is a failure, tried again later.`,
              },
            },
          },
        },
      ];
    }),
    // zod's JSON Schema is JSON Schema 2020-12, which OpenAPI 3.1 takes as it is; the types of
    // openapi-types see a looser object.
  ) as Record<string, OpenAPIV3_1.PathItemObject>;
}
