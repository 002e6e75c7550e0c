import type { Readable } from 'node:stream';
import { numberText } from './cell-text';
import type { WorkbookParts } from './workbook-parts';
import { unescapeOoxml, xmlPieces } from './xml';

/** A row of a sheet: its number as a spreadsheet shows it (the first row is 1) and its cells. */
export interface SheetRow {
  row: number;
  cells: string[];
}

interface Cell {
  /** `s` shared string, `inlineStr`, `str` a formula's text, `b`, `e` error, `d` ISO date, `n`. */
  type: string;
  style: number;
  value: string;
  inline: string;
}

/** The column of a cell reference ('C7' is 2), or -1 when it has none. */
function columnOf(reference: string | undefined): number {
  if (!reference) return -1;
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return column - 1;
}

/** A cell as the sheet shows it; a formula's cached result stands in for the formula. */
function cellText(cell: Cell, parts: Omit<WorkbookParts, 'sheet'>): string {
  const { type, style, value, inline } = cell;
  switch (type) {
    case 's':
      return parts.strings[Number(value)] ?? '';
    case 'inlineStr':
      return unescapeOoxml(inline);
    case 'str':
      return unescapeOoxml(value);
    case 'b':
      return value === '' ? '' : value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    case 'd':
      return value.slice(0, 10);
    default: {
      if (value.trim() === '') return '';
      const number = Number(value);
      if (!Number.isFinite(number)) return value;
      return numberText(number, parts.formats[style] ?? 'General', parts.date1904);
    }
  }
}

/**
 * The rows of a sheet's XML, handed on as soon as the piece of the sheet that ends them is read,
 * so a large sheet is never held whole. Rows and cells without a reference follow the one before.
 */
export async function* sheetRows(
  stream: Readable,
  parts: Omit<WorkbookParts, 'sheet'>,
): AsyncGenerator<SheetRow> {
  const done: SheetRow[] = [];
  let row: SheetRow | null = null;
  let rowNumber = 0;
  let column = -1;
  let cell: Cell | null = null;
  let reading: 'value' | 'inline' | null = null;
  let inPhonetic = false;

  const pieces = xmlPieces(stream, {
    open(name, attributes) {
      if (name === 'row') {
        rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
        row = { row: rowNumber, cells: [] };
        column = -1;
      } else if (name === 'c' && row) {
        const at = columnOf(attributes.r);
        column = at >= 0 ? at : column + 1;
        cell = {
          type: attributes.t ?? 'n',
          style: Number(attributes.s ?? 0),
          value: '',
          inline: '',
        };
      } else if (!cell) return;
      else if (name === 'v') reading = 'value';
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && !inPhonetic) reading = 'inline';
    },
    text(text) {
      if (cell && reading === 'value') cell.value += text;
      else if (cell && reading === 'inline') cell.inline += text;
    },
    close(name) {
      if (name === 'v' || name === 't') reading = null;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && cell && row) {
        while (row.cells.length < column) row.cells.push('');
        row.cells[column] = cellText(cell, parts);
        cell = null;
      } else if (name === 'row' && row) {
        done.push(row);
        row = null;
      }
    },
  });
  for await (const _ of pieces) {
    yield* done;
    done.length = 0;
  }
}
