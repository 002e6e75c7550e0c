import { LIMITS, type MediaType } from './constants';
import { messages } from './messages';

/**
 * The media a message may carry (spec section 5): JPG, PNG and GIF up to 500 KB, MP4 up to 1 MB and
 * 15 seconds. The extension names the format; the server also checks that the content agrees.
 */
export interface MediaFormat {
  mimeType: string;
  type: MediaType;
  /** The extension files of this format are stored with. */
  extension: string;
}

const JPEG: MediaFormat = { mimeType: 'image/jpeg', type: 'image', extension: 'jpg' };

export const MEDIA_FORMATS: Readonly<Record<string, MediaFormat>> = {
  jpg: JPEG,
  jpeg: JPEG,
  png: { mimeType: 'image/png', type: 'image', extension: 'png' },
  gif: { mimeType: 'image/gif', type: 'gif', extension: 'gif' },
  mp4: { mimeType: 'video/mp4', type: 'video', extension: 'mp4' },
};

/** For `<input type="file" accept>`. */
export const MEDIA_ACCEPT = Object.keys(MEDIA_FORMATS)
  .map((extension) => `.${extension}`)
  .join(',');

export function mediaFormatOf(filename: string): MediaFormat | null {
  const match = /\.([^./\\]+)$/.exec(filename.trim());
  return (match && MEDIA_FORMATS[match[1]!.toLowerCase()]) || null;
}

export function maxBytesFor(type: MediaType): number {
  return type === 'video' ? LIMITS.videoBytes : LIMITS.imageBytes;
}

export function tooLargeMessage(type: MediaType): string {
  return type === 'video' ? messages.media.videoTooLarge : messages.media.imageTooLarge;
}

/** What is wrong with a file judged by its name and size, or null. Used before and at upload. */
export function mediaFileProblem(file: { name: string; size: number }): string | null {
  const format = mediaFormatOf(file.name);
  if (!format) return messages.media.invalidType;
  if (file.size === 0) return messages.media.empty;
  if (file.size > maxBytesFor(format.type)) return tooLargeMessage(format.type);
  return null;
}

/** Uploaded media are served from here, under a random name: `/media/<name>`. */
export const MEDIA_URL_PREFIX = '/media/';

/** The stored name in a media URL (relative, or absolute on any host), or null. */
export function mediaNameFromUrl(url: string): string | null {
  const match = /\/media\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/.exec(url.split(/[?#]/)[0] ?? '');
  return match ? match[1]! : null;
}
