import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_URL_PREFIX } from '../../shared/media';
import { media, mediaContents } from '../db/schema';
import { STORED_NAME_PATTERN } from '../media/store';
import { serverTexts } from '../texts';
import { byteRanges } from './byte-ranges';
import { notFound } from './errors';

/**
 * GET (and HEAD) /media/<name>: uploaded media, public so the SMS provider can fetch it for MMS,
 * read from the database (media/store.ts), so any server on it serves any upload. Names are random
 * and a file never changes, so it is cached for a year, and its ETag (size and upload time) is
 * strong. The type is the stored one (always the checked format), and `nosniff` (set for every
 * response) stops browsers from guessing otherwise. As @fastify/static served the files before
 * (migration 0025): one byte range is served (206, for video; If-Range honoured), several ranges
 * or a malformed one get the whole file, a range past the end 416; If-None-Match and
 * If-Modified-Since answer 304.
 */
export async function mediaFiles(app: FastifyInstance) {
  app.get(
    `${MEDIA_URL_PREFIX}:name`,
    { schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
      const { name } = request.params;
      if (!STORED_NAME_PATTERN.test(name)) throw notFound();
      const [file] = await app.db
        .select({
          mimeType: media.mimeType,
          createdAt: media.createdAt,
          content: mediaContents.content,
        })
        .from(media)
        .innerJoin(mediaContents, eq(mediaContents.mediaId, media.id))
        .where(eq(media.storageName, name));
      if (!file) throw notFound();
      return serveFile(request, reply, file);
    },
  );
}

interface StoredFile {
  mimeType: string;
  createdAt: Date;
  content: Buffer;
}

function serveFile(request: FastifyRequest, reply: FastifyReply, file: StoredFile) {
  const size = file.content.length;
  // Whole seconds: what Last-Modified can say, and what a client sends back.
  const modified = new Date(Math.floor(file.createdAt.getTime() / 1000) * 1000);
  const etag = `"${size.toString(16)}-${modified.getTime().toString(16)}"`;
  reply.headers({
    'cache-control': 'public, max-age=31536000, immutable',
    'content-disposition': 'inline',
    // Others (the SMS provider, an email client) may load the file from their own origin.
    'cross-origin-resource-policy': 'cross-origin',
    'accept-ranges': 'bytes',
    'last-modified': modified.toUTCString(),
    etag,
  });

  if (notModified(request, etag, modified)) return reply.code(304).send();

  reply.type(file.mimeType);
  const range = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (
    range &&
    rangeStillApplies(typeof ifRange === 'string' ? ifRange : undefined, etag, modified)
  ) {
    const ranges = byteRanges(range, size);
    if (ranges === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`);
      reply.type('application/json; charset=utf-8');
      return reply.code(416).send({ error: serverTexts.media.rangeNotSatisfiable });
    }
    if (ranges?.length === 1) {
      const { start, end } = ranges[0]!;
      reply.header('content-range', `bytes ${start}-${end}/${size}`);
      return reply.code(206).send(file.content.subarray(start, end + 1));
    }
  }
  return reply.send(file.content);
}

/** If-None-Match (weakly compared, `*` included), or else If-Modified-Since, already holds. */
function notModified(request: FastifyRequest, etag: string, modified: Date): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    return noneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && modified.getTime() <= since;
}

/** If-Range: the range stands only for this very file (its strong ETag, or its date). */
function rangeStillApplies(ifRange: string | undefined, etag: string, modified: Date): boolean {
  if (ifRange === undefined) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  return Date.parse(ifRange) === modified.getTime();
}
