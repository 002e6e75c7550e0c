import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import type { ValidationDetail } from '../../shared/responses/common';
import { badRequest, type ApiError } from './errors';
import { malformedPath } from './path-ids';

/** How a route names its failing fields, given the input that failed (see `withDetails`). */
type Describe = (input: unknown) => (detail: ValidationDetail) => ValidationDetail;

const describers = new WeakMap<z.ZodType, Describe>();

/**
 * `schema`, whose validation details are rewritten by `describe` (the product routes add the day
 * each field belongs to). A copy is marked, so the shared schema stays as the console uses it.
 */
export function withDetails<S extends z.ZodType>(schema: S, describe: Describe): S {
  const marked = schema.clone();
  describers.set(marked, describe);
  return marked;
}

/**
 * Every route's params, query and body are parsed by the shared zod schema its `schema`
 * declares, before the handler runs; the handler gets the parsed value. A failure answers 400
 * with `{error, details}`: `error` is the first rule's message and `details` names every failing
 * field (dotted path, e.g. `messages.2.text`) with the spec's message for it. Params that are not
 * the ids a path names answer as the route's params schema says (see path-ids.ts). A missing
 * body or query is parsed as `{}`, so a missing field gets the spec's message for that field.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = data ?? {};
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    if (httpPart === 'params') return { error: malformedPath(schema) };
    return { error: invalidInput(schema, input, result.error) };
  };

/** The 400 answer to `input` that `schema` refused with `error`: `{error, details}` as above. */
function invalidInput(schema: z.ZodType, input: unknown, error: z.ZodError): ApiError {
  const describe = describers.get(schema)?.(input);
  const details = error.issues.map((issue) => {
    const detail = { field: issue.path.map(String).join('.'), message: issue.message };
    return describe ? describe(detail) : detail;
  });
  return badRequest(details[0]?.message ?? 'Invalid input', details);
}

/**
 * `input` parsed by `schema` in a handler, for the parts a route reads itself (the text fields of
 * a multipart form): refused exactly as a declared schema would refuse it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(schema, input, result.error);
  return result.data;
}

/**
 * Response schemas document the answers (OpenAPI) and type-check each handler's return value
 * against them at compile time; at run time an answer is written as it is, as without a schema.
 * A service that returns one field more than documented, or a date the schema calls a string,
 * must never turn a user's successful request into a 500.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);
