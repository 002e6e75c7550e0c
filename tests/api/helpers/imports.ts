import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Role } from '../../../src/shared/constants';
import {
  proposeMapping,
  type DuplicateRule,
  type ImportFormat,
  type ImportMapping,
} from '../../../src/shared/contact-import';
import type { Db } from '../../../src/server/db/client';
import { contactImportRejects, contactImports } from '../../../src/server/db/schema';
import { readRows } from '../../../src/server/imports/read-rows';
import { multipartForm, type FormPart, type TestContext } from './app';

/** A cell as a spreadsheet program writes it to CSV: quoted when it must be, nothing defused. */
const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** CSV text of rows (the first is the header), as a user's spreadsheet would save it. */
export const csvFile = (rows: readonly (readonly string[])[]) =>
  Buffer.from(rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n');

/** An .xlsx workbook of one sheet holding the rows; numbers stay numbers, as Excel keeps them. */
export async function xlsxFile(rows: readonly (readonly (string | number | null)[])[]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contacts');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface QueueImportOptions {
  content: Buffer;
  format?: ImportFormat;
  /** The proposed mapping of the header when left out. */
  mapping?: ImportMapping;
  duplicates?: DuplicateRule;
  sendOptin?: boolean;
  importerRole?: Role;
  createdBy?: string | null;
}

/**
 * Queues an import as POST /api/contacts/imports does: the file scanned once for its header (the
 * first row read, cells trimmed) and its number of data rows, then a 'queued' row with the file.
 */
export async function queueImport(db: Db, options: QueueImportOptions): Promise<string> {
  const format = options.format ?? 'csv';
  let header: { row: number; cells: string[] } | undefined;
  let total = 0;
  for await (const row of readRows(options.content, format)) {
    if (header) total += 1;
    else header = row;
  }
  const columns = (header?.cells ?? []).map((cell) => cell.trim());
  const [queued] = await db
    .insert(contactImports)
    .values({
      createdBy: options.createdBy ?? null,
      importerRole: options.importerRole ?? 'admin',
      filename: `contacts.${format}`,
      format,
      content: options.content,
      columns,
      mapping: options.mapping ?? proposeMapping(columns),
      duplicates: options.duplicates ?? 'skip',
      sendOptin: options.sendOptin ?? false,
      total,
      nextRow: (header?.row ?? 1) + 1,
    })
    .returning({ id: contactImports.id });
  return queued!.id;
}

/** An import's row as stored, and its rejects in row order. */
export async function importState(db: Db, id: string) {
  const [row] = await db.select().from(contactImports).where(eq(contactImports.id, id));
  const rejects = await db
    .select({
      row: contactImportRejects.row,
      cells: contactImportRejects.cells,
      problems: contactImportRejects.problems,
    })
    .from(contactImportRejects)
    .where(eq(contactImportRejects.importId, id))
    .orderBy(asc(contactImportRejects.row));
  return { ...row!, rejects };
}

/** A multipart POST as the import dialog sends it, with the signed-in user's token. */
export async function postForm(
  ctx: Pick<TestContext, 'app'> & { auth: Record<string, string> },
  url: string,
  parts: FormPart[],
) {
  const body = await multipartForm(parts);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...ctx.auth },
  });
}
