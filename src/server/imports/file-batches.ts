import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportField, ImportFormat, ImportMapping } from '../../shared/contact-import';
import type { Role } from '../../shared/constants';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import type { ImportedContact } from '../../shared/validation/contact';
import { importRow } from '../../shared/validation/contact-import';
import { readRows, UnreadableFileError } from './read-rows';

/** One of a row's problems, as a reject stores it. */
export interface RowProblem {
  field: ImportField;
  message: string;
}

/** A data row of the file, read through the shared row rule. */
export interface CheckedRow {
  /** Its number in the file, as a spreadsheet shows it. */
  row: number;
  cells: string[];
  /** The contact as it will be saved; null when the row is not imported (see problems). */
  contact: ImportedContact | null;
  problems: RowProblem[];
}

/** Why the rest of a file cannot be read: the row it stopped at, and the message for the user. */
export interface FileFailure {
  row: number;
  reason: string;
}

export interface FileBatch {
  rows: CheckedRow[];
  /** The first row after this batch: where the import goes on from once the batch is written. */
  nextRow: number;
  /** Set on the file's last batch: it ends the import, done or failed. */
  end: { failure: FileFailure | null } | null;
}

export interface FileBatchOptions {
  content: Buffer;
  format: ImportFormat;
  mapping: ImportMapping;
  importerRole: Role;
  /** The first row not yet written; the rows before it are read again, never written. */
  nextRow: number;
  batchSize: number;
  /**
   * While the rows already written are read again, an empty batch is handed out this often, so
   * the runner can show it is alive (a large file takes seconds to read up to where it stopped).
   */
  keepAliveMs: number;
}

const t = messages.contactImport;

/** Rows checked between two turns of the event loop, so requests are answered meanwhile. */
const ROWS_PER_TURN = 100;

/**
 * The data rows of an import's file from `nextRow` on, checked and in batches. Every row goes
 * through importRow, the rule the preview shows; a valid row whose email an earlier valid row
 * already had is not imported either. That earlier row may lie before `nextRow` (an import taken
 * back after a restart), so the rows before it are read and checked too, only to know their
 * emails. The last batch carries `end`: the file read to its end, or the failure that stopped it
 * (the rows read before it are still handed out, to be written).
 */
export async function* fileBatches(options: FileBatchOptions): AsyncGenerator<FileBatch> {
  const { mapping, importerRole, batchSize } = options;
  /** Each email of a valid row, with the first row that had it. */
  const firstRowOf = new Map<string, number>();
  let pending: CheckedRow[] = [];
  let nextRow = options.nextRow;
  let lastRead = 0;
  let checked = 0;
  let lastSign = Date.now();
  let failure: FileFailure | null = null;

  try {
    let header = true;
    for await (const { row, cells } of readRows(options.content, options.format)) {
      lastRead = row;
      if (header) {
        header = false;
        continue;
      }
      if (++checked % ROWS_PER_TURN === 0) await nextTurn();
      const { contact, problems } = importRow(cells, mapping, importerRole);
      const first = contact ? firstRowOf.get(contact.email) : undefined;
      if (contact && first === undefined) firstRowOf.set(contact.email, row);
      if (row < options.nextRow) {
        if (Date.now() - lastSign >= options.keepAliveMs) {
          lastSign = Date.now();
          yield { rows: [], nextRow, end: null };
        }
        continue;
      }
      pending.push(
        first === undefined
          ? { row, cells, contact, problems }
          : {
              row,
              cells,
              contact: null,
              problems: [
                { field: 'email', message: formatMessage(t.duplicateInFile, { row: first }) },
              ],
            },
      );
      nextRow = row + 1;
      if (pending.length >= batchSize) {
        yield { rows: pending, nextRow, end: null };
        pending = [];
      }
    }
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    // The rows before were read whole; the failure is in the next one (or in the first data row
    // when the file could not be opened at all).
    const row = Math.max(lastRead + 1, options.nextRow);
    failure = { row, reason: error.message };
    nextRow = row;
  }
  yield { rows: pending, nextRow, end: { failure } };
}
