import { format, getFormatDateInfo, isDateFormat, isTextFormat } from 'numfmt';

/** Days from the 1900 date system's day 0 to the 1904 system's. */
const DAYS_1900_TO_1904 = 1_462;

type Shown = (value: number, date1904: boolean) => string;

/** The number to 15 significant digits, in the shortest decimal that reads back as it. */
export const generalText = (value: number) => String(Number(value.toPrecision(15)));

/**
 * How a number format shows a number:
 * - a date (a format with a year, month or day) as YYYY-MM-DD, in either date system;
 * - General (and text) as the number rounded to the 15 significant digits a spreadsheet keeps, so
 *   0.1+0.2 (stored as 0.30000000000000004) reads 0.3, and a phone kept as a number keeps every
 *   digit (a narrow column would show 4.47911E+11; the cell still holds 447911123456);
 * - any other format (`00000` for a zip with its leading zero, `#,##0.00`, `0%`, a time) as the
 *   format writes it, without the padding its `_` and `*` codes add, and a negative number that
 *   rounds to zero keeps its minus sign (-0.001 in 0.00 is -0.00, as spreadsheets show it).
 * A format the formatter cannot read shows the number as General does.
 */
function shownBy(pattern: string): Shown {
  try {
    if (isDateFormat(pattern)) {
      const { year, month, day } = getFormatDateInfo(pattern);
      if (year || month || day) {
        return (value, date1904) =>
          format('yyyy-mm-dd', date1904 ? value + DAYS_1900_TO_1904 : value);
      }
    } else if (/^general$/i.test(pattern) || isTextFormat(pattern)) return generalText;
    format(pattern, 0);
  } catch {
    return generalText;
  }
  // The formatter drops that sign; a format of one section (no ';' outside quotes) shows it.
  const oneSection = !/;/.test(pattern.replace(/"[^"]*"|\\./g, ''));
  return (value) => {
    const text = format(pattern, value).trim();
    return oneSection && value < 0 && !text.includes('-') ? `-${text}` : text;
  };
}

/** A workbook uses a few formats for many cells: each is read once. */
const shownByPattern = new Map<string, Shown>();

/** A number cell as the sheet shows it, by its number format (see `shownBy`). */
export function numberText(value: number, pattern: string, date1904: boolean): string {
  let shown = shownByPattern.get(pattern);
  if (!shown) {
    shown = shownBy(pattern);
    // Formats come from uploaded files: the cache stays small whatever they hold.
    if (shownByPattern.size < 1_000) shownByPattern.set(pattern, shown);
  }
  return shown(value, date1904);
}
