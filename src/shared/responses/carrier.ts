import { z } from 'zod';
import { CARRIER_REPLIES, KEYWORD_READINGS } from '../carrier';
import { messages } from '../messages';
import { REPLY_LANGUAGES } from '../reply-reading';

const count = z.number().int();

/** Where a kind of content (links, phone numbers) was found: product days and Tidings' texts. */
const contentFoundSchema = z.object({
  days: z.array(count).describe('The product days whose message carries one'),
  replies: z.array(z.enum(CARRIER_REPLIES)).describe("Tidings' own texts that carry one"),
});
export type ApiContentFound = z.infer<typeof contentFoundSchema>;

/** One sample message: a product day's body as the delivery engine sends it. */
const carrierSampleSchema = z.object({
  day: count,
  kind: z.enum(['pre', 'daily', 'conclusion']),
  body: z.string(),
  /** The picture's or video's address, for an MMS; null for a text message. */
  mediaUrl: z.string().nullable(),
  /** Whether the body names the brand, and says how to opt out (an opt-out keyword in capitals). */
  brand: z.boolean(),
  optOut: z.boolean(),
});
export type ApiCarrierSample = z.infer<typeof carrierSampleSchema>;

const carrierProgramSchema = z.object({
  id: z.uuid(),
  programName: z.string(),
  productName: z.string().nullable(),
  /** The product's days (its conclusion is day productDays + 1); null without a product. */
  productDays: count.nullable(),
  description: z.string(),
  frequency: z.string(),
  /** How many of the product's days have a message to send. */
  messageCount: count,
  samples: z.array(carrierSampleSchema),
});
export type ApiCarrierProgram = z.infer<typeof carrierProgramSchema>;

/** GET /api/carrier-registration. */
export const carrierRegistrationResponse = z.object({
  brand: z.string(),
  optinFlow: z.object({
    request: z.string().describe('The opt-in request as sent, the first name a placeholder'),
    /** The keyword the request asks for. */
    keyword: z.string(),
    confirmation: z.string(),
  }),
  keywords: z.array(
    z.object({
      reading: z.enum(KEYWORD_READINGS),
      language: z.enum(REPLY_LANGUAGES),
      keywords: z.array(z.string()),
    }),
  ),
  replies: z.object({ optin: z.string(), optout: z.string(), help: z.string() }),
  links: contentFoundSchema,
  phoneNumbers: contentFoundSchema,
  program: carrierProgramSchema.nullable().describe('Null without programId'),
});
export type ApiCarrierRegistration = z.infer<typeof carrierRegistrationResponse>;

/** GET /api/contacts/{id}/consent.csv and GET /api/programs/{id}/consent.csv (text/csv). */
export const consentCsvResponse = z
  .string()
  .describe(
    `CSV: a header row (${Object.values(messages.consentReport.columns).join(', ')}), then one consent event a row, oldest first`,
  );
