import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * The parts of a ZIP archive (an .xlsx) held in memory, found through its central directory, so
 * each can be read when it is needed, whatever order the writer put them in.
 */

export const STORED = 0;
export const DEFLATED = 8;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeader: number;
}

/** The entries the archive's central directory lists (ZIP64, never needed at 10 MB, is not read). */
export function centralDirectory(zip: Buffer): ZipEntry[] | null {
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - END_SEARCH); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localHeader: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** An entry's packed bytes, found through its local header. */
export function entryData(zip: Buffer, entry: ZipEntry): Buffer | null {
  const at = entry.localHeader;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) return null;
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  return end <= zip.length ? zip.subarray(start, end) : null;
}

/** An entry's unpacked bytes as a stream (never held whole), or null when it cannot be read. */
export function entryStream(zip: Buffer, entry: ZipEntry): Readable | null {
  const data = entryData(zip, entry);
  if (!data) return null;
  if (entry.method === STORED) return Readable.from([data]);
  if (entry.method !== DEFLATED) return null;
  const inflate = createInflateRaw();
  inflate.end(data);
  return inflate;
}
