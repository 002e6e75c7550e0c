import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readRows, UnreadableFileError, type FileRow } from '../../src/server/imports/read-rows';
import type { ImportFormat } from '../../src/shared/contact-import';
import { serverTexts } from '../../src/server/texts';

const t = serverTexts.contactImport;

async function rowsOf(content: Buffer | string, format: ImportFormat): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for await (const row of readRows(Buffer.from(content), format)) rows.push(row);
  return rows;
}

async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contacts');
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet('Second sheet').addRow(['not read']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('reading an import file', () => {
  it('reads CSV with a BOM, quoted line breaks and blank rows, numbering rows as a spreadsheet does', async () => {
    const csv =
      '\uFEFFEmail,Notes\r\n\r\nada@example.org,"Line one\nline two"\r\n,\r\n"b@example.org","say ""hi"""\r\n';
    expect(await rowsOf(csv, 'csv')).toEqual([
      { row: 1, cells: ['Email', 'Notes'] },
      { row: 3, cells: ['ada@example.org', 'Line one\nline two'] },
      { row: 5, cells: ['b@example.org', 'say "hi"'] },
    ]);
  });

  it('reads the semicolons and tabs that spreadsheets write in some countries', async () => {
    expect(await rowsOf('Email;Name\na@example.org;Ada, the first\n', 'csv')).toEqual([
      { row: 1, cells: ['Email', 'Name'] },
      { row: 2, cells: ['a@example.org', 'Ada, the first'] },
    ]);
    expect((await rowsOf('Email\tName\na@example.org\tAda\n', 'csv'))[1]!.cells).toEqual([
      'a@example.org',
      'Ada',
    ]);
  });

  it("reads an XLSX's first sheet: numbers as written, the text of links, rich text and formulas", async () => {
    const file = await workbook([
      ['Email', 'Phone', 'Name', 'Sum'],
      [],
      [
        { text: 'ada@example.org', hyperlink: 'mailto:ada@example.org' },
        5035550142,
        { richText: [{ text: 'Ada ' }, { font: { bold: true }, text: 'Lovelace' }] },
        { formula: '1+1', result: 2 },
      ],
    ]);
    expect(await rowsOf(file, 'xlsx')).toEqual([
      { row: 1, cells: ['Email', 'Phone', 'Name', 'Sum'] },
      { row: 3, cells: ['ada@example.org', '5035550142', 'Ada Lovelace', '2'] },
    ]);
  });

  it('reads every one of 200 freshly written workbooks whole', async () => {
    const rows = [
      ['Email', 'First name', 'Phone'],
      ['wei@example.org', 'Wei', 5035550102],
    ];
    const expected = [
      { row: 1, cells: ['Email', 'First name', 'Phone'] },
      { row: 2, cells: ['wei@example.org', 'Wei', '5035550102'] },
    ];
    let whole = 0;
    for (let run = 0; run < 200; run++) {
      const read = await rowsOf(await workbook(rows), 'xlsx');
      if (JSON.stringify(read) === JSON.stringify(expected)) whole += 1;
    }
    expect(whole).toBe(200);
  }, 60_000);

  it('refuses what is not the format its name says, with a message for the user', async () => {
    const xlsx = await workbook([['Email'], ['a@example.org']]);
    const refusal = (content: Buffer | string, format: ImportFormat) =>
      rowsOf(content, format).then(
        () => null,
        (error: Error) => [error instanceof UnreadableFileError, error.message],
      );
    expect(await refusal(xlsx, 'csv')).toEqual([
      true,
      'This file could not be read as CSV: it is not text',
    ]);
    expect(await refusal('Email\na@example.org', 'xlsx')).toEqual([true, t.unreadableXlsx]);
    expect(await refusal(xlsx.subarray(0, xlsx.length - 300), 'xlsx')).toEqual([
      true,
      t.unreadableXlsx,
    ]);
    const [isUnreadable, message] = (await refusal('Email\n"never closed\n', 'csv'))!;
    expect(isUnreadable).toBe(true);
    expect(message).toMatch(/^This file could not be read as CSV: Quote Not Closed/);
  });
});

/**
 * Reading a large file must leave room for everything else the server does meanwhile: other
 * requests, timers. Without breaks, rows parsed from memory are handed on through promises alone,
 * and nothing else runs until the last row is read.
 */
describe('reading a large CSV', () => {
  it('lets other work run before the file is read to its end, and reads every row', async () => {
    const count = 20_000;
    const lines = ['Email,First name'];
    for (let i = 1; i <= count; i++) lines.push(`p${i}@example.org,First${i}`);
    const content = Buffer.from(lines.join('\r\n'));

    let rowsRead = 0;
    let rowsReadWhenOtherWorkRan: number | undefined;
    const other = setInterval(() => {
      rowsReadWhenOtherWorkRan ??= rowsRead;
    }, 0);
    let last = 0;
    for await (const row of readRows(content, 'csv')) {
      rowsRead += 1;
      last = row.row;
    }
    clearInterval(other);

    expect(rowsRead).toBe(count + 1);
    expect(last).toBe(count + 1);
    expect(rowsReadWhenOtherWorkRan).toBeDefined();
    expect(rowsReadWhenOtherWorkRan!).toBeLessThan(count / 2);
  });
});
