import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaUploadResponse } from '../../shared/responses/messages';
import { mediaUploadForm } from '../validation/media';
import { readByHandler } from '../http/openapi-schemas';
import { storeMedia, toMessageMedia } from '../media/store';
import { readUpload, UPLOAD_FORM_LIMITS } from '../media/upload';

/**
 * POST /api/media (signed in): one file, the only part of a multipart form (media/upload.ts),
 * checked and stored. Answers `{id, type, filename, mimeType, size, url}`; the url serves the file
 * publicly (see http/media-files.ts) so the SMS provider can fetch it.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: UPLOAD_FORM_LIMITS });

  app.post(
    '/media',
    {
      schema: {
        summary: 'Upload a file for a message (its url serves it publicly)',
        tags: ['Media'],
        consumes: ['multipart/form-data'],
        body: readByHandler(mediaUploadForm),
        response: { 201: mediaUploadResponse },
      },
    },
    async (request, reply) => {
      const { filename, content } = await readUpload(request);
      const row = await storeMedia(app.db, {
        filename,
        content,
        uploadedBy: request.user.id,
      });
      return reply.code(201).send({ id: row.id, ...toMessageMedia(row) });
    },
  );
};
