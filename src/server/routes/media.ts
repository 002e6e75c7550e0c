import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../shared/constants';
import { mediaFormatOf, tooLargeMessage } from '../../shared/media';
import { messages } from '../../shared/messages';
import { mediaUploadResponse } from '../../shared/responses/messages';
import { mediaUploadForm } from '../../shared/validation/media';
import { readByHandler } from '../http/openapi-schemas';
import { badRequest, payloadTooLarge } from '../http/errors';
import { storeMedia, toMessageMedia } from '../media/store';

/** The multipart plugin's limits (see `limits` below): the form held more than one file. */
const LIMIT_ERRORS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * A fault reading the multipart body: the form itself is wrong (no boundary, a part that is no
 * part, a body that ends early, more than one part), which is the client's doing, not the
 * server's, so a 400 that says so rather than a 500.
 */
function unreadableUpload(error: unknown) {
  const code = (error as { code?: string }).code;
  return badRequest(
    code && LIMIT_ERRORS.has(code) ? messages.media.oneFileOnly : messages.media.malformed,
  );
}

/** The form's one file, read whole (at most the largest size accepted). */
async function readUpload(request: FastifyRequest): Promise<{ filename: string; content: Buffer }> {
  if (!request.isMultipart()) throw badRequest(messages.media.noFile);
  let file: MultipartFile | undefined;
  try {
    file = await request.file();
  } catch (error) {
    throw unreadableUpload(error);
  }
  if (!file) throw badRequest(messages.media.noFile);
  try {
    return { filename: file.filename, content: await file.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') {
      throw unreadableUpload(error);
    }
    const format = mediaFormatOf(file.filename);
    throw format
      ? payloadTooLarge(tooLargeMessage(format.type))
      : badRequest(messages.media.invalidType);
  }
}

/**
 * POST /api/media (signed in): one file in a multipart form field, checked and stored. Answers
 * `{id, type, filename, mimeType, size, url}`; the url serves the file publicly (see
 * http/media-files.ts) so the SMS provider can fetch it.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    // Nothing larger than the largest accepted file is read into memory.
    limits: { fileSize: LIMITS.videoBytes, files: 1, fields: 0, parts: 1 },
  });

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
      const row = await storeMedia(app.db, app.config.mediaDir, {
        filename,
        content,
        uploadedBy: request.user.id,
      });
      return reply.code(201).send({ id: row.id, ...toMessageMedia(row) });
    },
  );
};
