import { randomBytes } from 'node:crypto';
import { LIMITS } from '../../shared/constants';
import { MEDIA_URL_PREFIX, mediaFileProblem, mediaFormatOf } from '../../shared/media';
import { messages } from '../../shared/messages';
import { hasNonText } from '../../shared/text';
import type { MessageMedia } from '../../shared/responses/products';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { media, mediaContents } from '../db/schema';
import { badRequest, payloadTooLarge } from '../http/errors';
import { detectFormat, mp4DurationSeconds } from './detect';

export type MediaRow = typeof media.$inferSelect;

/** A stored name: 128 random bits, URL-safe, with the extension of the detected format. */
export const STORED_NAME_PATTERN = /^[A-Za-z0-9_-]{22}\.(jpg|png|gif|mp4)$/;

/**
 * The name shown to staff: the client's file name without any path, control characters or
 * surrogates without their pair (a name is a label, not worth refusing the file for), trimmed to
 * 255 characters.
 */
export function displayName(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? '';
  const printable = [...base]
    .filter((char) => char >= ' ' && char !== '\u007f' && !hasNonText(char))
    .join('');
  return printable.trim().slice(0, 255) || 'upload';
}

export function toMessageMedia(row: MediaRow): MessageMedia {
  return {
    type: row.type,
    filename: row.originalName,
    mimeType: row.mimeType,
    size: row.size,
    url: `${MEDIA_URL_PREFIX}${row.storageName}`,
  };
}

/**
 * Checks an upload and keeps it: the extension must name an accepted format, the content must be
 * that format, within its size (and for video, length). The file is stored in the database under a
 * random name (never the client's), its details and its bytes in one transaction: every server on
 * the database serves it (http/media-files.ts), and a failure leaves nothing behind.
 */
export async function storeMedia(
  db: Db,
  upload: { filename: string; content: Buffer; uploadedBy: string },
): Promise<MediaRow> {
  const filename = displayName(upload.filename);
  const problem = mediaFileProblem({ name: filename, size: upload.content.length });
  if (problem) {
    const tooLarge =
      problem === messages.media.imageTooLarge || problem === messages.media.videoTooLarge;
    throw tooLarge ? payloadTooLarge(problem) : badRequest(problem);
  }

  const claimed = mediaFormatOf(filename)!;
  const actual = detectFormat(upload.content);
  // The extension already passed the size check, and it names the same format as the content.
  if (!actual || actual.mimeType !== claimed.mimeType) throw badRequest(messages.media.invalidType);
  let durationMs: number | null = null;
  if (actual.type === 'video') {
    const seconds = mp4DurationSeconds(upload.content);
    if (seconds === null) throw badRequest(serverTexts.media.videoUnreadable);
    if (seconds > LIMITS.videoSeconds) throw badRequest(serverTexts.media.videoTooLong);
    durationMs = Math.round(seconds * 1000);
  }

  const storageName = `${randomBytes(16).toString('base64url')}.${actual.extension}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({
        storageName,
        originalName: filename,
        mimeType: actual.mimeType,
        type: actual.type,
        size: upload.content.length,
        durationMs,
        uploadedBy: upload.uploadedBy,
      })
      .returning();
    await tx.insert(mediaContents).values({ mediaId: row!.id, content: upload.content });
    return row!;
  });
}
