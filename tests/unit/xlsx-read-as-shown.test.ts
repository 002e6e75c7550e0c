import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { readRows, type FileRow } from '../../src/server/imports/read-rows';
import { withoutFormulaGuard } from '../../src/shared/csv';
import { hasNonText } from '../../src/shared/text';

/**
 * An import reads each cell of a workbook as the sheet shows it. The authority here is SheetJS,
 * another reader with its own number formatter (SSF): workbooks it writes from generated cells,
 * in either date system, with or without shared strings, must read as SheetJS reads them back.
 * Dates are compared as SheetJS's formatter writes the cell's serial as yyyy-mm-dd.
 */

type Cell =
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number; format: string }
  | { kind: 'date'; value: number; format: string }
  | { kind: 'boolean'; value: boolean };

/** Text as people type it: any letters, spaces at either end, XML's own characters, lines. */
const text = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom(' ', '<', '>', '&', '"', "'", '\n', '\t', '_x000D_', 'é', 'Ø', '中', '😀'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }),
    ),
    maxLength: 12,
  })
  // Control characters other than tab, line feed and carriage return (which an import refuses
  // anyway) and U+FFFE/U+FFFF have no place in XML 1.0.
  .filter((value) => !hasNonText(value) && !/[\ufffe\uffff]/.test(value))
  // An apostrophe before a formula character is the export's guard, which an import takes out
  // (csv-round-trip.test.ts): SheetJS keeps it.
  .filter((value) => {
    const read = value.replaceAll('_x000D_', '\r');
    return withoutFormulaGuard(read) === read;
  });

/** Sums as formulas leave them (0.1+0.2), phones kept as numbers, amounts, negatives. */
const number = fc.oneof(
  fc.integer({ min: -999_999_999, max: 9_999_999_999 }),
  fc
    .tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: 0, max: 99_999 }))
    .map(([a, b]) => a / 100 + b / 1000),
  fc.constantFrom(0.1 + 0.2, 5035550142, 447911123456 / 100, 1e-4),
);

const shownInFull = (value: number) => String(Number(value.toPrecision(15))).length <= 11;

/** Formats that show a number as General does (text, '@', shows a number typed before it). */
const generalLike = (format: string) => format === 'General' || format === '@';

const endsInFive = (value: number) =>
  /5$/.test(
    String(Number(value.toPrecision(15)))
      .replace(/e.*$/, '')
      .replace(/\.?0+$/, ''),
  );

const NUMBER_FORMATS = [
  'General',
  '0',
  '0.00',
  '#,##0',
  '#,##0.00',
  '0%',
  '0.00%',
  '00000',
  '$#,##0.00',
  '#,##0_);[Red](#,##0)',
  '0.0E+00',
  '@',
];
const DATE_FORMATS = ['yyyy-mm-dd', 'm/d/yy', 'd-mmm-yy', 'mmmm d, yyyy', 'm/d/yyyy h:mm'];

const cell: fc.Arbitrary<Cell> = fc.oneof(
  text.map((value) => ({ kind: 'text' as const, value })),
  fc
    .record({
      kind: fc.constant('number' as const),
      value: number,
      format: fc.constantFrom(...NUMBER_FORMATS),
    })
    // SheetJS shows General as a narrow column would, in 11 characters (4.47911E+11); the cell
    // holds 15 significant digits, which the import keeps (a phone kept as a number): compared
    // below, not here.
    .filter(({ value, format }) => !generalLike(format) || shownInFull(value))
    // A number whose last of 15 significant digits is 5 is a tie at some precision: SSF rounds the
    // binary number (56.305 is 56.3049999…, so $56.30), spreadsheets the decimal they show
    // ($56.31). Compared below, not here.
    .filter(({ value, format }) => generalLike(format) || !endsInFive(value)),
  fc.record({
    kind: fc.constant('date' as const),
    // From 1900-03-01 to 9999-12-31 in either date system (the 1904 system counts 1,462 days
    // fewer), some with a time of day.
    value: fc.oneof(
      fc.integer({ min: 61, max: 2_957_003 }),
      fc.integer({ min: 61 * 24, max: 2_957_003 * 24 }).map((hours) => hours / 24),
    ),
    format: fc.constantFrom(...DATE_FORMATS),
  }),
  fc.boolean().map((value) => ({ kind: 'boolean' as const, value })),
);

const sheetCell = (c: Cell) =>
  c.kind === 'text'
    ? { t: 's', v: c.value }
    : c.kind === 'boolean'
      ? { t: 'b', v: c.value }
      : { t: 'n', v: c.value, z: c.format };

function write(rows: Cell[][], date1904: boolean, sharedStrings: boolean): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((row) => row.map(sheetCell)));
  XLSX.utils.book_append_sheet(book, sheet, 'Contacts');
  book.Workbook = { WBProps: { date1904 } };
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: sharedStrings });
}

/**
 * A negative number a one-section format rounds to zero shows its minus sign in Excel (-0.001 in
 * 0.00 is -0.00: Microsoft's "negative zero"); SheetJS keeps it for some formats (00000, #,##0)
 * and drops it for others (0, 0.00, 0%). Where it drops it, the sheet's own text has it.
 */
const withMinus = (c: Extract<Cell, { kind: 'number' }>, text: string) =>
  c.value < 0 && !c.format.includes(';') && !generalLike(c.format) && !text.includes('-')
    ? `-${text}`
    : text;

/** What SheetJS reads back from the file, blank rows left out as the import leaves them out. */
function readBySheetJs(file: Buffer, rows: Cell[][], date1904: boolean): FileRow[] {
  const sheet = XLSX.read(file, { type: 'buffer' }).Sheets.Contacts!;
  const read = rows.map((row, r) => ({
    row: r + 1,
    cells: row.map((c, col) => {
      const stored = sheet[XLSX.utils.encode_cell({ r, c: col })] as XLSX.CellObject;
      if (c.kind === 'date') return XLSX.SSF.format('yyyy-mm-dd', stored.v as number, { date1904 });
      // The padding a format's `_)` adds shows as nothing.
      if (c.kind === 'number') return withMinus(c, XLSX.utils.format_cell(stored).trim());
      return XLSX.utils.format_cell(stored);
    }),
  }));
  return read.filter(({ cells }) => cells.some((value) => value.trim() !== ''));
}

async function readByImport(file: Buffer): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for await (const row of readRows(file, 'xlsx')) rows.push(row);
  return rows;
}

describe('a workbook cell, read as the sheet shows it', () => {
  it('reads as SheetJS reads it: text, numbers by their format, dates, booleans', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        async (rows, date1904, sharedStrings) => {
          const file = write(rows, date1904, sharedStrings);
          expect(await readByImport(file)).toEqual(readBySheetJs(file, rows, date1904));
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('keeps the minus sign of a negative number its format rounds to zero, as Excel shows it', async () => {
    const cells: Cell[] = [
      { kind: 'number', value: -0.01, format: '00000' },
      { kind: 'number', value: -0.001, format: '0.00' },
      { kind: 'number', value: -0.4, format: '0' },
      { kind: 'number', value: -0.4, format: '#,##0_);[Red](#,##0)' },
    ];
    const file = write([cells], false, false);
    expect(await readByImport(file)).toEqual([{ row: 1, cells: ['-00000', '-0.00', '-0', '(0)'] }]);
  });

  it('reads the cells the issue names: a date serial, 0.1+0.2 and a zip with its leading zero', async () => {
    const file = write(
      [
        [
          { kind: 'date', value: 46037, format: 'm/d/yy' },
          { kind: 'number', value: 0.1 + 0.2, format: 'General' },
          { kind: 'number', value: 2134, format: '00000' },
        ],
      ],
      false,
      true,
    );
    expect(await readByImport(file)).toEqual([{ row: 1, cells: ['2026-01-15', '0.3', '02134'] }]);
  });

  it('rounds a tie as spreadsheets do, from the decimal the cell shows', async () => {
    const shown = (value: number, format: string): Cell => ({ kind: 'number', value, format });
    const file = write(
      [
        [
          shown(56.305, '$#,##0.00'),
          shown(2.675, '0.00'),
          shown(1250, '0.0E+00'),
          shown(0.125, '0%'),
        ],
      ],
      false,
      true,
    );
    expect(await readByImport(file)).toEqual([
      { row: 1, cells: ['$56.31', '2.68', '1.3E+03', '13%'] },
    ]);
  });

  it('keeps the 15 significant digits a General cell holds, where a narrow column shows fewer', async () => {
    const general = (value: number): Cell => ({ kind: 'number', value, format: 'General' });
    const file = write(
      [
        [
          general(447911123456),
          general(4479111234.56),
          general(123456789012345),
          general(-0.1 - 0.2),
        ],
      ],
      false,
      true,
    );
    expect(await readByImport(file)).toEqual([
      { row: 1, cells: ['447911123456', '4479111234.56', '123456789012345', '-0.3'] },
    ]);
  });
});
