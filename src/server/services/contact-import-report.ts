import { Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { ImportField } from '../../shared/contact-import';
import { CSV_BOM, csvLine } from '../../shared/csv';
import { messages } from '../../shared/messages';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { contactImportRejects } from '../db/schema';

/** Rejected rows read per query: a report of 100,000 rows is never held whole. */
export const REPORT_BATCH_SIZE = 1000;

/** A row's problems as one cell: 'Email: Please enter a valid email address; Phone: …'. */
const reasonOf = (problems: readonly { field: ImportField; message: string }[]) =>
  problems.map(({ field, message }) => `${messages.contacts.fields[field]}: ${message}`).join('; ');

/**
 * GET /api/contacts/imports/{id}/report: the rows of an import that were not imported, as CSV to
 * fix and import again: the file's own columns, then the row's number in the file and why. Read
 * from the database batch by batch, in row order, after the rows a batch ended on.
 */
export function importReportCsv(db: Db, report: { id: string; columns: string[] }): Readable {
  const t = serverTexts.contactImport;
  async function* lines() {
    yield `${CSV_BOM}${csvLine([...report.columns, t.reportRow, t.reportReason])}`;
    let after = 0;
    for (;;) {
      const batch = await db
        .select()
        .from(contactImportRejects)
        .where(
          and(eq(contactImportRejects.importId, report.id), gt(contactImportRejects.row, after)),
        )
        .orderBy(asc(contactImportRejects.row))
        .limit(REPORT_BATCH_SIZE);
      for (const reject of batch) {
        const cells = report.columns.map((_, column) => reject.cells[column] ?? '');
        yield csvLine([...cells, reject.row, reasonOf(reject.problems)]);
      }
      if (batch.length < REPORT_BATCH_SIZE) return;
      after = batch.at(-1)!.row;
    }
  }
  return Readable.from(lines());
}
