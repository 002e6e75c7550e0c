import { z } from 'zod';
import { ApiError, notFound } from './errors';

/** What a path whose ids are malformed is answered with, by its params schema. */
const malformedAnswers = new WeakMap<z.ZodType, () => ApiError>();

/**
 * The params schema of a route whose path names records by id (`:id` unless `keys` says
 * otherwise). A malformed id names no record, so it is answered like an unknown one: 404 with the
 * `malformed` text; or, given a function, with what it makes (the outbox answers 400 'Invalid
 * message id'). The validator compiler asks `malformedPath` for that answer.
 */
export function idParams<const K extends readonly string[] = readonly ['id']>(
  malformed: string | (() => ApiError),
  keys: K = ['id'] as unknown as K,
) {
  const schema = z.object(
    Object.fromEntries(keys.map((key) => [key, z.uuid()])) as Record<K[number], z.ZodUUID>,
  );
  malformedAnswers.set(
    schema,
    typeof malformed === 'string' ? () => notFound(malformed) : malformed,
  );
  return schema;
}

/** The answer to a path whose params `schema` refused (404 unless the route said otherwise). */
export const malformedPath = (schema: z.ZodType): ApiError =>
  malformedAnswers.get(schema)?.() ?? notFound();
