import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX } from '../../shared/media';
import { STORED_NAME_PATTERN } from '../media/store';

/**
 * GET /media/<name>: uploaded media, public so the SMS provider can fetch it for MMS. Names are
 * random and a file never changes, so it is cached for a year. The type comes from the stored
 * extension (always the checked format), and `nosniff` (set for every response) stops browsers
 * from guessing otherwise. Range requests are served, for video.
 */
export async function mediaFiles(app: FastifyInstance) {
  mkdirSync(app.config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.config.mediaDir,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    allowedPath: (pathName) => STORED_NAME_PATTERN.test(pathName.replace(/^\//, '')),
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      res.setHeader('content-disposition', 'inline');
      // Others (the SMS provider, an email client) may load the file from their own origin.
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
    },
  });
}
