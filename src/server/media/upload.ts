import type { MultipartFile, Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../shared/constants';
import { mediaFormatOf, tooLargeMessage } from '../../shared/media';
import { messages } from '../../shared/messages';
import { serverTexts } from '../texts';
import { badRequest, payloadTooLarge } from '../http/errors';
import { readToEnd } from '../http/read-to-end';

/**
 * The multipart plugin's limits for an upload form: one part, the file, of at most the largest
 * size accepted. Nothing larger is read into memory; a part after the file raises a limit error.
 */
export const UPLOAD_FORM_LIMITS = { fileSize: LIMITS.videoBytes, files: 1, fields: 0, parts: 1 };

/** The multipart plugin's limit errors: the form held more than its one file. */
const LIMIT_ERRORS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * A fault reading the multipart body: the form itself is wrong (no boundary, a part that is no
 * part, a body that ends early, more than one part), which is the client's doing, not the
 * server's, so a 400 that says so rather than a 500.
 */
function unreadableUpload(error: unknown) {
  const code = (error as { code?: string }).code;
  return badRequest(
    code && LIMIT_ERRORS.has(code) ? serverTexts.media.oneFileOnly : serverTexts.media.malformed,
  );
}

/** The next part of the form, or null at its end; a fault reading it is the client's (400). */
async function nextPart(parts: AsyncIterator<Multipart>): Promise<Multipart | null> {
  try {
    const next = await parts.next();
    return next.done ? null : next.value;
  } catch (error) {
    throw unreadableUpload(error);
  }
}

/** The file's content, at most the largest size accepted (413 past it, 400 for a wrong type). */
async function contentOf(file: MultipartFile): Promise<Buffer> {
  try {
    return await file.toBuffer();
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
 * The form's one file, read whole. The file must be the form's first part and its only one: the
 * next part is awaited, which is the end of the form or a refusal (another file, a text field, of
 * any size).
 */
async function onlyFile(request: FastifyRequest): Promise<{ filename: string; content: Buffer }> {
  const parts = request.parts()[Symbol.asyncIterator]();
  const part = await nextPart(parts);
  if (!part) throw badRequest(serverTexts.media.noFile);
  if (part.type !== 'file') throw badRequest(serverTexts.media.oneFileOnly);
  const content = await contentOf(part);
  if (await nextPart(parts)) throw badRequest(serverTexts.media.oneFileOnly);
  return { filename: part.filename, content };
}

/**
 * POST /api/media's form: its one file, or a refusal given once the client has sent the whole
 * form, so that it receives the answer rather than a connection closed mid-upload.
 */
export async function readUpload(
  request: FastifyRequest,
): Promise<{ filename: string; content: Buffer }> {
  if (!request.isMultipart()) throw badRequest(serverTexts.media.noFile);
  try {
    return await onlyFile(request);
  } catch (error) {
    await readToEnd(request.raw);
    throw error;
  }
}
