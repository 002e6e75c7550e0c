import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../shared/constants';
import { mediaFormatOf, tooLargeMessage } from '../../shared/media';
import { messages } from '../../shared/messages';
import { badRequest, payloadTooLarge } from '../http/errors';
import { storeMedia, toMessageMedia } from '../media/store';

/**
 * POST /api/media (signed in): one file in a multipart form field, checked and stored. Answers
 * `{id, type, filename, mimeType, size, url}`; the url serves the file publicly (see
 * http/media-files.ts) so the SMS provider can fetch it.
 */
export async function mediaRoutes(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    // Nothing larger than the largest accepted file is read into memory.
    limits: { fileSize: LIMITS.videoBytes, files: 1, fields: 0, parts: 1 },
  });

  app.post('/media', async (request, reply) => {
    if (!request.isMultipart()) throw badRequest(messages.media.noFile);
    const file = await request.file();
    if (!file) throw badRequest(messages.media.noFile);
    let content: Buffer;
    try {
      content = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
      const format = mediaFormatOf(file.filename);
      throw format
        ? payloadTooLarge(tooLargeMessage(format.type))
        : badRequest(messages.media.invalidType);
    }
    const row = await storeMedia(app.db, app.config.mediaDir, {
      filename: file.filename,
      content,
      uploadedBy: request.user.id,
    });
    return reply.code(201).send({ id: row.id, ...toMessageMedia(row) });
  });
}
