import { z } from 'zod';

/**
 * The answers of the HTTP API as zod schemas, for its OpenAPI reference (GET /api/docs), and the
 * TypeScript types the console and the server read, inferred from them (`z.infer`) so that the
 * two cannot differ: each answer's shape is written here once, and shared logic (shared/product.ts,
 * consent-summary.ts…) imports its types from here. Each route's handler is checked against its
 * response schema by the zod type provider, so the reference cannot drift from what the server
 * sends. Every object with an id carries both `_id` and `id` with the same value, because the
 * spec's client reads either.
 */

/** One failed rule of a validation error: which field, and the spec's message for it. */
const validationDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
  /** For product messages: the day the field belongs to (0 is the pre-message). */
  day: z.number().int().optional(),
});
export type ValidationDetail = z.infer<typeof validationDetailSchema>;

/** Every error answer: the first rule's message, and the failing fields for a 400. */
export const apiErrorSchema = z.object({
  error: z.string(),
  /** The first failing fields (at most ERROR_BODY_LIMITS.details of them). */
  details: z.array(validationDetailSchema).optional(),
  /** How many more fields failed than `details` lists. */
  moreDetails: z.number().int().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const successSchema = z.object({ success: z.literal(true) });
/** POST /api/contacts/set-password and /api/auth/forgot-password (always, account or not). */
export type SuccessResponse = z.infer<typeof successSchema>;

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unreachable']),
});

/**
 * GET /api/simulation (no sign-in): the channels this server only pretends to send on. SMS with
 * SMS_PROVIDER=log, email without SMTP_URL; every screen says so while either is true.
 */
export const simulationResponse = z.object({
  sms: z.boolean(),
  email: z.boolean(),
});
export type ApiSimulation = z.infer<typeof simulationResponse>;

/** Failures counted by reason (code and text), most frequent first. */
export const failureCountSchema = z.object({
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  count: z.number().int(),
});

/** A paged list's answer: the rows under the resource's key, and how many match in all. */
export const listOf = <const K extends string, T extends z.ZodType>(key: K, row: T) =>
  z.object({ [key]: z.array(row), total: z.number().int() } as { [P in K]: z.ZodArray<T> } & {
    total: z.ZodNumber;
  });
