import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { parse } from 'csv-parse';
import type { ImportFormat } from '../../shared/contact-import';
import { LIMITS } from '../../shared/constants';
import { withoutFormulaGuard } from '../../shared/csv';
import { formatMessage } from '../../shared/format';
import { serverTexts } from '../texts';
import { entryStream } from './zip-entries';
import { unpackedSize } from './zip-size';

/** A row of a file: its number as a spreadsheet shows it (the first row is 1) and its cells. */
export interface FileRow {
  row: number;
  cells: string[];
}

/** A file that is not what its name says, or breaks off; the message is for the user. */
export class UnreadableFileError extends Error {}

const t = serverTexts.contactImport;

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The rows of an import file in order, each cell as text, blank rows left out (their numbers are
 * still counted, so row numbers match what a spreadsheet shows). Both parsers stream: a row is
 * handed on as soon as it is read, and the event loop is never held for the whole file. The
 * apostrophes Tidings' own export puts before formula characters are taken out again, so an
 * exported file (or a workbook saved from it) imports as it was stored.
 */
export async function* readRows(content: Buffer, format: ImportFormat): AsyncGenerator<FileRow> {
  const rows = format === 'csv' ? csvRows(content) : xlsxRows(content);
  for await (const { row, cells } of rows) yield { row, cells: cells.map(withoutFormulaGuard) };
}

/**
 * The file as a stream of 64 KB pieces. Handed over whole, a parser would read all of a 10 MB
 * file in one go, holding the event loop (every request) meanwhile; in pieces it reads one, waits
 * until its rows are taken, then reads the next. A file that breaks off part-way then still hands
 * out the rows before the break.
 */
const CHUNK_BYTES = 64 * 1024;
function* pieces(content: Buffer) {
  for (let start = 0; start < content.length; start += CHUNK_BYTES) {
    yield content.subarray(start, start + CHUNK_BYTES);
  }
}

/** ',' unless the first line holds more ';' or tabs (Excel writes ';' where ',' is the decimal mark). */
function delimiterOf(content: Buffer): string {
  const end = content.indexOf(0x0a);
  const firstLine = content
    .subarray(0, end < 0 ? Math.min(content.length, 65_536) : end)
    .toString();
  const counts = [',', ';', '\t'].map((char) => [char, firstLine.split(char).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** Rows read between two turns of the event loop: a few milliseconds of parsing. */
const ROWS_BETWEEN_BREAKS = 500;

async function* csvRows(content: Buffer): AsyncGenerator<FileRow> {
  // A text file holds no NUL byte; a workbook or an image renamed .csv does.
  if (content.includes(0)) {
    throw new UnreadableFileError(formatMessage(t.unreadableCsv, { reason: 'it is not text' }));
  }
  const parser = Readable.from(pieces(content)).pipe(
    parse({
      bom: true,
      delimiter: delimiterOf(content),
      relax_column_count: true,
      // A quote inside an unquoted cell (5" tall) is kept as text rather than refusing the file.
      relax_quotes: true,
      skip_empty_lines: false,
    }),
  );
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row += 1;
      if (!isBlank(cells)) yield { row, cells };
      // Parsed rows are handed on through promises alone, which never let a timer or another
      // request's I/O run: the loop is given back now and then.
      if (row % ROWS_BETWEEN_BREAKS === 0) await setImmediate();
    }
  } catch (error) {
    throw new UnreadableFileError(
      formatMessage(t.unreadableCsv, { reason: (error as Error).message }),
    );
  } finally {
    parser.destroy();
  }
}

const isZip = (content: Buffer) =>
  content.length >= 4 && content.readUInt32LE(0) === 0x04034b50; /* PK\x03\x04 */

/**
 * The first worksheet's rows. The parts its cells refer to are found by name through the
 * archive's directory and read first, then the sheet is unpacked and parsed as a stream: the
 * order a writer put the parts in does not matter, and nothing but the shared strings is held.
 */
async function* xlsxRows(content: Buffer): AsyncGenerator<FileRow> {
  if (!isZip(content)) throw new UnreadableFileError(t.unreadableXlsx);
  const unpacked = await unpackedSize(content, LIMITS.importUnpackedBytes);
  if (unpacked === null) throw new UnreadableFileError(t.unreadableXlsx);
  if (unpacked > LIMITS.importUnpackedBytes) {
    const mb = LIMITS.importUnpackedBytes / 1024 / 1024;
    throw new UnreadableFileError(formatMessage(t.unpackedTooLarge, { mb }));
  }
  try {
    // Loaded with the first workbook, not at start: numfmt alone takes a third of a second to load.
    const [{ readWorkbookParts }, { sheetRows }] = await Promise.all([
      import('./xlsx/workbook-parts'),
      import('./xlsx/sheet-rows'),
    ]);
    const parts = await readWorkbookParts(content);
    const sheet = parts && entryStream(content, parts.sheet);
    if (!sheet) throw new UnreadableFileError(t.unreadableXlsx);
    for await (const row of sheetRows(sheet, parts)) {
      if (!isBlank(row.cells)) yield row;
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(t.unreadableXlsx);
  }
}
