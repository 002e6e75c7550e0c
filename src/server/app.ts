import { randomUUID } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { createApiKeyRequests } from './auth/api-key-requests';
import { usePasswordCost } from './auth/passwords';
import type { Database } from './db/client';
import type { Config } from './env';
import { clientErrorHandler, frameworkErrors } from './http/client-errors';
import { consoleRoutes } from './http/console';
import { errorHandler } from './http/errors';
import './http/fastify-types';
import { loggerOptions, type LogDestination } from './http/logger';
import { mediaFiles } from './http/media-files';
import { shortLinkRoutes } from './http/short-links';
import { apiRoutes } from './routes';

/** JSON bodies above this get 413 (a 365-day product is well under 300 KB). */
export const BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  config: Config;
  database: Database;
  /**
   * Defaults to standard output at the configured level; tests pass false, or a destination to
   * read the lines. Either way the lines are redacted by the same options.
   */
  logger?: false | LogDestination;
}

/** Builds the Tidings HTTP server without listening, so tests can drive it with `inject`. */
export async function buildApp({ config, database, logger }: AppOptions) {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config, logger),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // Finish in-flight requests on close but drop idle keep-alive connections at once.
    forceCloseConnections: 'idle',
    // Fastify's default (100 characters) sends a longer path segment to the 404 handler, so a
    // damaged verification link would get 'No API route' instead of the link's own answer. No
    // route takes a regular-expression parameter, which is what the limit protects.
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors,
    clientErrorHandler,
  });

  usePasswordCost(config.passwordCost);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorateRequest('user', null as never);
  app.decorateRequest('session', undefined);
  app.decorateRequest('apiKey', undefined);
  app.decorate('apiKeyRequests', createApiKeyRequests(config.apiKeyRequestsPerMinute));

  app.setErrorHandler(errorHandler);
  // A request whose client went away while it waited (for its turn at the database, say) is not
  // worked on: nobody would read its answer, and under load the server would otherwise go on for
  // clients long gone while those still waiting wait longer.
  app.addHook('preHandler', async (_request, reply) => {
    if (reply.raw.destroyed) reply.hijack();
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Tidings is often run on plain http://localhost; do not rewrite its URLs to https.
        upgradeInsecureRequests: null,
      },
    },
  });

  await app.register(apiRoutes, { prefix: '/api' });
  await mediaFiles(app);
  // At the root, beside the console's pages: SHORT_LINK_BASE is PUBLIC_URL/l unless set otherwise.
  await shortLinkRoutes(app);
  // Not encapsulated: its 404 handler is the root one, for /api and the console alike.
  await consoleRoutes(app);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
