import type { ImportFormat } from '../../shared/contact-import';
import { LIMITS } from '../../shared/constants';
import { formatMessage } from '../../shared/format';
import { badRequest, payloadTooLarge } from '../http/errors';
import { markNonText } from '../../shared/text';
import { serverTexts } from '../texts';
import { readRows, UnreadableFileError, type FileRow } from './read-rows';
import { slots } from './slots';

const t = serverTexts.contactImport;

/** 100,000 as the message writes it. */
const ROWS_MAX = new Intl.NumberFormat('en-US').format(LIMITS.importRows);

/** A file as its first reading finds it: what the preview shows and the import needs to start. */
export interface ScannedFile {
  /** The header row's cells, trimmed: the file's columns. */
  columns: string[];
  /** The header's number in the file (blank rows above it are left out). */
  headerRow: number;
  /** The first LIMITS.importPreviewRows rows below the header, one cell per column. */
  firstRows: FileRow[];
  /** Rows below the header, blank rows aside. */
  total: number;
}

/**
 * Reading a 10 MB file through a parser holds a core and tens of MB for a second or more: two at
 * a time per process, so uploads sent together wait their turn instead of exhausting memory.
 */
const inScanSlot = slots(2);

/**
 * Reads a whole uploaded file once, refusing it as the dialog explains: no header row, too many
 * columns, no rows below the header, more rows than an import takes (reading stops at the first
 * row too many), or content that is not what its name says.
 */
export function scanFile(content: Buffer, format: ImportFormat): Promise<ScannedFile> {
  return inScanSlot(async () => {
    try {
      return await scan(content, format);
    } catch (error) {
      if (error instanceof UnreadableFileError) throw badRequest(error.message);
      throw error;
    }
  });
}

async function scan(content: Buffer, format: ImportFormat): Promise<ScannedFile> {
  let header: FileRow | undefined;
  const firstRows: FileRow[] = [];
  let total = 0;
  for await (const row of readRows(content, format)) {
    if (!header) {
      header = row;
      if (row.cells.length > LIMITS.importColumns) {
        throw badRequest(formatMessage(t.tooManyColumns, { max: LIMITS.importColumns }));
      }
      continue;
    }
    total += 1;
    if (total > LIMITS.importRows) {
      throw payloadTooLarge(formatMessage(t.tooManyRows, { max: ROWS_MAX }));
    }
    if (firstRows.length < LIMITS.importPreviewRows) {
      // Cells past the header's have no column; missing ones are blank.
      const cells = header.cells.map((_, column) => row.cells[column] ?? '');
      firstRows.push({ row: row.row, cells });
    }
  }
  if (!header) throw badRequest(t.noHeader);
  if (total === 0) throw badRequest(t.noRows);
  return {
    // Stored as JSON, where PostgreSQL cannot keep a NUL or half a surrogate pair.
    columns: header.cells.map((cell) => markNonText(cell.trim())),
    headerRow: header.row,
    firstRows,
    total,
  };
}
