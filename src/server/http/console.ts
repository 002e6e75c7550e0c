import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatMessage } from '../../shared/format';
import { serverTexts } from '../texts';
import { errorBody } from './error-body';
import { isShortLinkPath, sendUnknownLink } from './short-links';

/**
 * Serves the built console from `config.consoleDir`. Hashed assets are cached for a year; the
 * page itself is revalidated on every load so a new build is picked up at once. Any other GET that
 * asks for HTML gets the page (SPA fallback), so `/programs/edit/123` opens the console there.
 */
export async function consoleRoutes(app: FastifyInstance) {
  const indexFile = path.join(app.config.consoleDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: app.config.consoleDir,
      cacheControl: false,
      // The build writes .br and .gz copies (scripts/vite-precompress.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    // A message's link with more to its path than a code: the link's own page, not the console.
    if (isShortLinkPath(url)) return sendUnknownLink(reply);
    if (url === '/api' || url.startsWith('/api/')) {
      // The path quotes the client: errorBody keeps the answer small however long it was.
      return reply.code(404).send(
        errorBody(
          formatMessage(serverTexts.server.routeNotFound, {
            method: request.method,
            url: url.split('?')[0]!,
          }),
        ),
      );
    }
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return reply.code(404).send({ error: serverTexts.server.notFound });
    if (!built) return reply.code(503).type('text/plain').send(serverTexts.server.consoleNotBuilt);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
