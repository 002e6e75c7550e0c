import { z } from 'zod';
import type { ApiErrorBody, ApiSimulation } from '../types';

/**
 * The answers of the HTTP API as zod schemas, for its OpenAPI reference (GET /api/docs). Each one
 * is checked against the TypeScript type the console reads (`satisfies z.ZodType<T>`), and each
 * route's handler is checked against its response schema by the zod type provider, so the
 * reference cannot drift from what the server sends.
 */

/** Every error answer: the first rule's message, and the failing fields for a 400. */
export const apiErrorSchema = z.object({
  error: z.string(),
  details: z
    .array(
      z.object({
        field: z.string(),
        message: z.string(),
        day: z.number().int().optional(),
      }),
    )
    .optional(),
  moreDetails: z.number().int().optional(),
}) satisfies z.ZodType<ApiErrorBody>;

export const successSchema = z.object({ success: z.literal(true) });

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unreachable']),
});

/** GET /api/simulation: the channels this server simulates instead of sending on. */
export const simulationResponse = z.object({
  sms: z.boolean(),
  email: z.boolean(),
}) satisfies z.ZodType<ApiSimulation>;

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
