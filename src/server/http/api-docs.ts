import { readFileSync } from 'node:fs';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../shared/responses/common';

/**
 * The API's OpenAPI document, generated from the zod schemas each route declares, served at
 * GET /api/docs/openapi.json and rendered by Swagger UI at /api/docs. Both are public: they
 * describe the API (as the repository does) and hold no data, and a client's developer reads them
 * before having an account. Swagger UI loads only its own files from this server, so the
 * console's Content-Security-Policy (script-src 'self') covers it unchanged.
 */

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const BEARER = 'bearerAuth';

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
 * every error answer in the API's error shape, and no security on public routes.
 */
const transform: SwaggerTransform = (document) => {
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
  if (document.route.config?.public) (result.schema as { security?: unknown[] }).security = [];
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

/** Registers the generator (before the routes it documents) and the reference's routes. */
export async function apiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Tidings API',
        version: VERSION,
        description:
          'The API of the Tidings console: scheduled SMS/MMS programs, their products, pods and ' +
          'contacts. Sign in with POST /api/auth/login and send its token as ' +
          '`Authorization: Bearer <token>`. Errors answer `{error, details?}`.',
      },
      components: {
        securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ [BEARER]: [] }],
    },
    transform,
  });

  await app.register(async (docs) => {
    // Routes of the reference need no sign-in (see above).
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    // The page links its files by its full path, which the plugin cannot see under /api.
    await docs.register(fastifySwaggerUi, { routePrefix: '/docs', indexPrefix: app.prefix });
    docs.get('/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  });
}
