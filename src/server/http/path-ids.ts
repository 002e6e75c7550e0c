import { z } from 'zod';
import { notFound } from './errors';

const idParams = z.object({ id: z.uuid() });

/**
 * The ids a route's path names, by `schema`. A malformed id names no record, so it is answered
 * like an unknown one, 404 with the `malformed` text; or, given a function, with what it makes (the
 * outbox answers 400 'Invalid message id').
 */
export function pathIds<S extends z.ZodType>(
  schema: S,
  params: unknown,
  malformed: string | (() => Error),
): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw typeof malformed === 'string' ? notFound(malformed) : malformed();
  return parsed.data;
}

/** The `:id` of the path; see pathIds. */
export const pathId = (params: unknown, malformed: string | (() => Error)): string =>
  pathIds(idParams, params, malformed).id;
