import { createInflateRaw } from 'node:zlib';
import { centralDirectory, DEFLATED, entryData, STORED } from './zip-entries';

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
