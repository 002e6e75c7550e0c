import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_KEY_SCHEME, openapiTransform, SESSION_SCHEME } from './openapi-schemas';
import { projectPath } from '../project-root';
import { webhookDocs } from './webhook-docs';

/**
 * The API's OpenAPI document, generated from the zod schemas each route declares, served at
 * GET /api/docs/openapi.json and rendered by Swagger UI at /api/docs. Both are public: they
 * describe the API (as the repository does) and hold no data, and a client's developer reads them
 * before having an account. Swagger UI loads only its own files from this server, so the
 * console's Content-Security-Policy (script-src 'self') covers it unchanged.
 */

const VERSION = (
  JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Registers the generator (before the routes it documents) and the reference's routes. */
export async function apiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tidings API',
        version: VERSION,
        description:
          'The API of the Tidings console: scheduled SMS/MMS programs, their products, pods and ' +
          'contacts. Sign in with POST /api/auth/login and send its token as ' +
          '`Authorization: Bearer <token>`, or send an API key (`tid_…`, made by an admin in ' +
          'the console) the same way. Errors answer `{error, details?}`.',
      },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token of a console session (POST /api/auth/login).',
          },
          [API_KEY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'tid_ and 43 base64url characters',
            description:
              'An API key: it acts as the admin who made it, with at most its role (host or admin).',
          },
        },
      },
      security: [{ [SESSION_SCHEME]: [] }, { [API_KEY_SCHEME]: [] }],
      webhooks: webhookDocs(),
    },
    transform: openapiTransform,
  });

  await app.register(async (docs) => {
    // Routes of the reference need no sign-in (see above).
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    // The plugin's old address of the page redirects to the request's own URL when it has a query
    // (its pattern ends at `index.html`), to itself again and again, echoing any query in the
    // Location header. It is answered here: to the page, without the query.
    docs.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url?.endsWith('/docs/static/index.html')) {
        return reply.redirect(`${app.prefix}/docs/`);
      }
    });
    // The page links its files by its full path, which the plugin cannot see under /api.
    await docs.register(fastifySwaggerUi, { routePrefix: '/docs', indexPrefix: app.prefix });
    docs.get('/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  });
}
