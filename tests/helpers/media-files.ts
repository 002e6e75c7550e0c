import { crc32, deflateSync } from 'node:zlib';

/**
 * Real media files built in memory, of an exact size when asked (padding goes into a comment or
 * filler block that every reader skips), so tests can probe each size limit at and over its edge.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width×height PNG of horizontal colour bands; `size` pads it to exactly that many bytes. */
export function png({
  width = 64,
  height = 48,
  size,
}: { width?: number; height?: number; size?: number } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const band = Math.floor((y / height) * 3);
    for (let x = 0; x < width; x++)
      row.set(
        band === 0 ? [11, 110, 138] : band === 1 ? [245, 247, 249] : [245, 158, 11],
        1 + x * 3,
      );
    rows.push(row);
  }
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ];
  // A tEXt chunk is 12 bytes of frame around its keyword (8) and text.
  const comment = (n: number) =>
    pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(n - 20, 'x')]));
  return padTo(parts, size, 2, comment, 20);
}

/** A JPEG start (SOI, JFIF APP0) with a comment segment for padding, and its end marker. */
export function jpeg({ size = 2048 }: { size?: number } = {}): Buffer {
  const app0 = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00,
  ]);
  const end = Buffer.from([0xff, 0xd9]);
  const fill = size - app0.length - end.length;
  const comments: Buffer[] = [];
  for (let left = fill; left > 0;) {
    const segment = Math.min(left, 65535 + 2);
    const body = Math.max(segment - 4, 0);
    const marker = Buffer.from([0xff, 0xfe, ((body + 2) >> 8) & 0xff, (body + 2) & 0xff]);
    comments.push(Buffer.concat([marker, Buffer.alloc(body, 0x20)]).subarray(0, segment));
    left -= segment;
  }
  return Buffer.concat([app0, ...comments, end]);
}

/** A 1×1 GIF89a with a comment extension for padding. */
export function gif({ size }: { size?: number } = {}): Buffer {
  const head = Buffer.from('GIF89a', 'latin1');
  const screen = Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0x0b, 0x6e, 0x8a, 0xff, 0xff, 0xff]);
  const image = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]);
  const trailer = Buffer.from([0x3b]);
  return padTo(
    [head, screen, image, trailer],
    size,
    3,
    (n) => {
      const blocks: Buffer[] = [Buffer.from([0x21, 0xfe])];
      let left = n - 3;
      while (left > 0) {
        const len = Math.min(255, left - 1);
        blocks.push(Buffer.from([len]), Buffer.alloc(len, 0x20));
        left -= len + 1;
      }
      blocks.push(Buffer.from([0]));
      return Buffer.concat(blocks);
    },
    5,
  );
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** An MP4 whose movie header says it lasts `seconds`; a 'free' box pads it to `size`. */
export function mp4({
  seconds = 10,
  size,
  brand = 'isom',
  version = 0,
}: { seconds?: number; size?: number; brand?: string; version?: 0 | 1 } = {}): Buffer {
  const ftyp = box('ftyp', Buffer.from(`${brand}\0\0\x02\0isomiso2avc1mp41`, 'latin1'));
  const timescale = 1000;
  const mvhd =
    version === 0
      ? (() => {
          const b = Buffer.alloc(100);
          b.writeUInt32BE(timescale, 12);
          b.writeUInt32BE(Math.round(seconds * timescale), 16);
          return box('mvhd', b);
        })()
      : (() => {
          const b = Buffer.alloc(112);
          b[0] = 1;
          b.writeUInt32BE(timescale, 20);
          b.writeBigUInt64BE(BigInt(Math.round(seconds * timescale)), 24);
          return box('mvhd', b);
        })();
  const moov = box('moov', mvhd);
  return padTo([ftyp, moov], size, 2, (n) => box('free', Buffer.alloc(n - 8)), 8);
}

/** Inserts `filler(n)` before part `at` so the whole is exactly `size` bytes. */
function padTo(
  parts: Buffer[],
  size: number | undefined,
  at: number,
  filler: (bytes: number) => Buffer,
  minimum: number,
): Buffer {
  const base = Buffer.concat(parts);
  if (size === undefined || size === base.length) return base;
  const missing = size - base.length;
  if (missing < minimum) throw new Error(`cannot pad to ${size} bytes (base is ${base.length})`);
  const padded = Buffer.concat([...parts.slice(0, at), filler(missing), ...parts.slice(at)]);
  if (padded.length !== size) throw new Error(`padded to ${padded.length}, wanted ${size}`);
  return padded;
}
