import type { MediaFormat } from '../../shared/media';
import { MEDIA_FORMATS } from '../../shared/media';

/**
 * What a file really is, from its first bytes ("magic numbers"), whatever its name or the type the
 * browser claimed. Only the formats Tidings accepts are recognised.
 */
export function detectFormat(content: Buffer): MediaFormat | null {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => content[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return MEDIA_FORMATS.jpg!;
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return MEDIA_FORMATS.png!;
  const head = content.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return MEDIA_FORMATS.gif!;
  // ISO base media (MP4): a first box of type 'ftyp'; QuickTime ('qt  ') is another format.
  if (content.length >= 12 && content.subarray(4, 8).toString('latin1') === 'ftyp') {
    return content.subarray(8, 12).toString('latin1') === 'qt  ' ? null : MEDIA_FORMATS.mp4!;
  }
  return null;
}

interface Box {
  type: string;
  start: number;
  end: number;
  /** Where the box's content begins (after its header). */
  body: number;
}

/** The boxes (atoms) of an MP4 between `start` and `end`. */
function* boxes(content: Buffer, start: number, end: number): Generator<Box> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = content.readUInt32BE(offset);
    const type = content.subarray(offset + 4, offset + 8).toString('latin1');
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return;
      size = Number(content.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) return;
    yield { type, start: offset, end: offset + size, body: offset + header };
    offset += size;
  }
}

/**
 * The duration of an MP4 in seconds, read from its movie header (moov/mvhd), or null when the
 * file has none (then it cannot be played either).
 */
export function mp4DurationSeconds(content: Buffer): number | null {
  for (const moov of boxes(content, 0, content.length)) {
    if (moov.type !== 'moov') continue;
    for (const mvhd of boxes(content, moov.body, moov.end)) {
      if (mvhd.type !== 'mvhd') continue;
      const version = content[mvhd.body];
      // version(1) flags(3), then creation and modification times: 4 bytes each (v0) or 8 (v1).
      const at = mvhd.body + 4 + (version === 1 ? 16 : 8);
      if (at + (version === 1 ? 12 : 8) > mvhd.end) return null;
      const timescale = content.readUInt32BE(at);
      const duration =
        version === 1 ? Number(content.readBigUInt64BE(at + 4)) : content.readUInt32BE(at + 4);
      return timescale > 0 ? duration / timescale : null;
    }
  }
  return null;
}
