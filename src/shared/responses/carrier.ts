import { z } from 'zod';
import { CARRIER_REPLIES, KEYWORD_READINGS, type ApiCarrierRegistration } from '../carrier';
import { messages } from '../messages';

const count = z.number().int();
const found = z.object({
  days: z.array(count).describe('The product days whose message carries one'),
  replies: z.array(z.enum(CARRIER_REPLIES)).describe("Tidings' own texts that carry one"),
});

/** GET /api/carrier-registration. */
export const carrierRegistrationResponse = z.object({
  brand: z.string(),
  optinFlow: z.object({
    request: z.string().describe('The opt-in request as sent, the first name a placeholder'),
    keyword: z.string(),
    confirmation: z.string(),
  }),
  keywords: z.array(
    z.object({
      reading: z.enum(KEYWORD_READINGS),
      language: z.enum(['en', 'es', 'fr']),
      keywords: z.array(z.string()),
    }),
  ),
  replies: z.object({ optin: z.string(), optout: z.string(), help: z.string() }),
  links: found,
  phoneNumbers: found,
  program: z
    .object({
      id: z.uuid(),
      programName: z.string(),
      productName: z.string().nullable(),
      productDays: count.nullable(),
      description: z.string(),
      frequency: z.string(),
      messageCount: count,
      samples: z.array(
        z.object({
          day: count,
          kind: z.enum(['pre', 'daily', 'conclusion']),
          body: z.string(),
          mediaUrl: z.string().nullable(),
          brand: z.boolean(),
          optOut: z.boolean(),
        }),
      ),
    })
    .nullable()
    .describe('Null without programId'),
}) satisfies z.ZodType<ApiCarrierRegistration>;

/** GET /api/contacts/{id}/consent.csv and GET /api/programs/{id}/consent.csv (text/csv). */
export const consentCsvResponse = z
  .string()
  .describe(
    `CSV: a header row (${Object.values(messages.consentReport.columns).join(', ')}), then one consent event a row, oldest first`,
  );
