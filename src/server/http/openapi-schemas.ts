import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../shared/responses/common';

/**
 * How the zod schemas routes declare become the OpenAPI document's (see api-docs.ts), and the
 * few parts described otherwise than by the schema that parses them.
 */

/** Documentation for request parts a handler reads itself, by the schema the route declares. */
const documentation = new WeakMap<z.ZodType, z.ZodType>();

/**
 * `schema`, shown in the reference as `described`: a body parsed by one of several shapes, or an
 * answer streamed (typed as the stream it is, documented as the text it sends).
 */
export function describedAs<S extends z.ZodType>(schema: S, described: z.ZodType): S {
  documentation.set(schema, described);
  return schema;
}

/**
 * A request part that is not parsed before the handler, described by `described`: a Twilio form,
 * whose signature covers its fields exactly as sent, and a multipart upload, read as a stream.
 */
export const readByHandler = (described: z.ZodType) => describedAs(z.unknown(), described);

/**
 * A route's schema as the reference shows it: parts read by the handler by their description,
 * every error answer in the API's error shape, no security on public routes, and only a session
 * on the routes an API key may not use.
 */
/** The two ways to authenticate (api-docs.ts): a console session's token, or an API key. */
export const SESSION_SCHEME = 'session';
export const API_KEY_SCHEME = 'apiKey';

export const openapiTransform: SwaggerTransform = (document) => {
  const schema = document.schema as (FastifySchema & { hide?: boolean }) | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(document as never);
  const described = (part: unknown) =>
    part instanceof z.ZodType ? (documentation.get(part) ?? part) : part;
  // An answer of another type than JSON: `{description, content: {[type]: {schema}}}`.
  const describedAnswer = (part: unknown) =>
    part && typeof part === 'object' && 'content' in part
      ? {
          ...part,
          content: Object.fromEntries(
            Object.entries(part.content as Record<string, { schema: unknown }>).map(
              ([type, { schema: answer }]) => [type, { schema: described(answer) }],
            ),
          ),
        }
      : described(part);
  const result = jsonSchemaTransform({
    ...document,
    schema: {
      ...schema,
      body: described(schema.body),
      querystring: described(schema.querystring),
      response: {
        ...Object.fromEntries(
          Object.entries(schema.response ?? {}).map(([status, part]) => [
            status,
            describedAnswer(part),
          ]),
        ),
        '4xx': apiErrorSchema,
      },
    },
  } as never);
  const documented = result.schema as { security?: unknown[] };
  if (document.route.config?.public) documented.security = [];
  else if (document.route.config?.sessionOnly) documented.security = [{ [SESSION_SCHEME]: [] }];
  return { ...result, schema: withoutSafeIntegerBounds(result.schema) };
};

/**
 * zod bounds every integer by ±(2^53 - 1), which says nothing to a reader and fills the
 * reference's examples with 9007199254740991: those bounds are left out.
 */
function withoutSafeIntegerBounds<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(
    ([key, bound]) =>
      !(key === 'minimum' && bound === Number.MIN_SAFE_INTEGER) &&
      !(key === 'maximum' && bound === Number.MAX_SAFE_INTEGER),
  );
  return Object.fromEntries(
    entries.map(([key, child]) => [key, withoutSafeIntegerBounds(child)]),
  ) as T;
}
