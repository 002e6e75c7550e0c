import { createInflateRaw } from 'node:zlib';

/**
 * How many bytes a ZIP archive (an .xlsx) unpacks to, counted by unpacking each entry as a stream
 * and throwing the bytes away, so nothing large is held: a 10 MB "zip bomb" can unpack to
 * gigabytes, which the workbook reader would try to hold. Stops counting past `limit`. Returns
 * null for an archive that cannot be read (no central directory, an entry that is not there,
 * a compression method an .xlsx does not use, corrupt data): the reader would refuse it too.
 */
export async function unpackedSize(zip: Buffer, limit: number): Promise<number | null> {
  const entries = centralDirectory(zip);
  if (!entries) return null;
  let total = 0;
  for (const entry of entries) {
    const data = entryData(zip, entry);
    if (!data) return null;
    if (entry.method === STORED) total += data.length;
    else if (entry.method === DEFLATED) {
      const unpacked = await inflatedSize(data, limit - total);
      if (unpacked === null) return null;
      total += unpacked;
    } else return null;
    if (total > limit) return total;
  }
  return total;
}

const STORED = 0;
const DEFLATED = 8;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;

interface Entry {
  method: number;
  compressedSize: number;
  localHeader: number;
}

/** The entries the archive's central directory lists (ZIP64, never needed at 10 MB, is not read). */
function centralDirectory(zip: Buffer): Entry[] | null {
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
  const entries: Entry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    entries.push({
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localHeader: zip.readUInt32LE(at + 42),
    });
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** An entry's packed bytes, found through its local header. */
function entryData(zip: Buffer, entry: Entry): Buffer | null {
  const at = entry.localHeader;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) return null;
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  return end <= zip.length ? zip.subarray(start, end) : null;
}

/** The size `data` inflates to, counted chunk by chunk; stops once past `limit`. */
async function inflatedSize(data: Buffer, limit: number): Promise<number | null> {
  const inflate = createInflateRaw();
  inflate.end(data);
  let size = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) break;
    }
  } catch {
    return null;
  } finally {
    inflate.destroy();
  }
  return size;
}
