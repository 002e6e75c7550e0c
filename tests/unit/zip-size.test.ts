import { once } from 'node:events';
import { createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readRows } from '../../src/server/imports/read-rows';
import { unpackedSize } from '../../src/server/imports/zip-size';
import { LIMITS } from '../../src/shared/constants';
import { formatMessage } from '../../src/shared/format';
import { serverTexts } from '../../src/server/texts';

const MB = 1024 * 1024;

/** `megabytes` MB of the same letter, deflated as a stream (never held whole). */
async function deflatedLetters(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw();
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const letters = Buffer.alloc(MB, 'a');
  for (let written = 0; written < megabytes; written++) {
    if (!deflate.write(letters)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(chunks);
}

/** A ZIP archive of one deflated entry, as an .xlsx holds its parts. */
function zipOf(name: string, packed: Buffer, unpackedBytes: number): Buffer {
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(unpackedBytes >>> 0, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(unpackedBytes >>> 0, 24);
  central.writeUInt16LE(file.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryAt = local.length + file.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, file, packed, central, file, end]);
}

describe('the size a workbook unpacks to', () => {
  it('is counted entry by entry, and an archive that cannot be read is none', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Contacts').addRow(['Email', 'First name']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const size = await unpackedSize(xlsx, LIMITS.importUnpackedBytes);
    expect(size).toBeGreaterThan(xlsx.length);
    expect(size).toBeLessThan(100_000);
    expect(await unpackedSize(xlsx.subarray(0, xlsx.length - 40), 1e9)).toBeNull();
    expect(await unpackedSize(Buffer.from('PK\u0003\u0004 and nothing'), 1e9)).toBeNull();
    const packed = await deflatedLetters(3);
    expect(await unpackedSize(zipOf('xl/sharedStrings.xml', packed, 3 * MB), 1e9)).toBe(3 * MB);
    // Past the limit, counting stops.
    const past = await unpackedSize(zipOf('xl/sharedStrings.xml', packed, 3 * MB), MB);
    expect(past).toBeGreaterThan(MB);
    expect(past).toBeLessThan(3 * MB);
  });

  it('refuses a workbook that would unpack past the limit, before the reader holds any of it', async () => {
    const megabytes = LIMITS.importUnpackedBytes / MB + 10;
    const bomb = zipOf('xl/sharedStrings.xml', await deflatedLetters(megabytes), megabytes * MB);
    expect(bomb.length).toBeLessThan(LIMITS.importBytes);
    const read = async () => {
      for await (const row of readRows(bomb, 'xlsx')) void row;
    };
    await expect(read()).rejects.toThrow(
      formatMessage(serverTexts.contactImport.unpackedTooLarge, { mb: 250 }),
    );
  });
});
