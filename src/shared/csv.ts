/**
 * CSV as spreadsheets read it, for every file Tidings writes: the contacts export (server) and the
 * Analytics screen's programs table (console).
 */

/** A phone number as Tidings stores it: a formula of nothing but a number, so safe as it is. */
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Where a spreadsheet could start a cell with a formula: at the start of the value or after a
 * character it may split cells on (`,` `;` tab, a line break, `|`), then after any spaces (which it
 * trims), a formula character (`=` `+` `-` `@`, or a tab or carriage return that it may strip).
 * Hyphens inside ordinary text ('Mary-Jane', 'Portland - OR') start no cell and are left alone.
 * Apostrophes already there count as part of what follows, so the guard's own apostrophe can be
 * told from the value's: `'=x` is written `''=x` and reads back as `'=x`.
 */
const CELL_START = String.raw`(?<=^|[,;\t\r\n|])( *)`;
const FORMULA_AHEAD = String.raw`(?='*[=+\-@\t\r])`;
const FORMULA_START = new RegExp(`${CELL_START}${FORMULA_AHEAD}`, 'g');
const GUARD = new RegExp(`${CELL_START}'${FORMULA_AHEAD}`, 'g');

/**
 * A value as it was before `csvField` guarded it: each apostrophe the guard put where a cell could
 * start a formula is taken out, so an exported file imports back as it was stored.
 */
export const withoutFormulaGuard = (text: string) =>
  text.includes("'") ? text.replace(GUARD, '$1') : text;

export type CsvValue = string | number | boolean | null;

/**
 * One CSV field. Quotes double, and the field is quoted when it must be. A value that a spreadsheet
 * would run as a formula gets an apostrophe wherever a cell could start, except a plain E.164
 * phone number: it is quoted so that importers that honour quotes keep it as text with its `+`.
 */
export function csvField(value: CsvValue): string {
  const text = value === null ? '' : String(value);
  if (E164.test(text)) return `"${text}"`;
  const defused = text.replace(FORMULA_START, "$1'");
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

/** One CSV line, ended as spreadsheets expect (CRLF). */
export const csvLine = (values: readonly CsvValue[]) => `${values.map(csvField).join(',')}\r\n`;

/** Opens a file so that Excel reads it as UTF-8 (names with accents stay whole). */
export const CSV_BOM = '\uFEFF';
