import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRows } from '../../src/server/imports/read-rows';
import { DISPLAY_TIME_ZONE } from '../../src/shared/constants';
import { CSV_BOM, csvLine } from '../../src/shared/csv';
import { zonedIsoString } from '../../src/shared/schedule';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * What Tidings writes to CSV, an import reads back as it was: the apostrophes the formula guard
 * adds are taken out again, and only those.
 */

/** Text heavy in what the guard looks at: formula characters, apostrophes, cell separators. */
const value = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('=', '+', '-', '@', "'", ' ', ',', ';', '|', '"') },
    { weight: 1, arbitrary: fc.constantFrom('\t', '\n', '\r\n', '\r') },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }) },
  ),
  maxLength: 16,
});

async function importedCells(csv: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const { cells } of readRows(Buffer.from(csv), 'csv')) rows.push(cells);
  return rows;
}

describe('a CSV written by Tidings, imported back', () => {
  it('reads every value as it was written, formula guard or not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 4 }), async (values) => {
        const header = ['Id', ...values.map((_, index) => `Column ${index + 1}`)];
        const csv = CSV_BOM + csvLine(header) + csvLine(['1', ...values]);
        expect(await importedCells(csv)).toEqual([header, ['1', ...values]]);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('takes out the apostrophe the guard added, and keeps one that was there', async () => {
    const values = ['-Minus', "'-Minus", "''=x", '=SUM(A1)', "Doe, '@me", "it's", "'quoted'"];
    const csv = csvLine(['Id', ...values.map((_, i) => `C${i}`)]) + csvLine(['1', ...values]);
    expect(csv.split('\r\n')[1]).toBe(
      `1,'-Minus,''-Minus,'''=x,'=SUM(A1),"Doe, ''@me",it's,'quoted'`,
    );
    expect((await importedCells(csv))[1]).toEqual(['1', ...values]);
  });
});

describe("the export's instants", () => {
  it('are written in Los Angeles time with its offset, as dayjs reads the same instant there', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (at) => {
          const written = zonedIsoString(at, DISPLAY_TIME_ZONE);
          expect(written).toBe(dayjs(at).tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DDTHH:mm:ss.SSSZ'));
          expect(new Date(written).getTime()).toBe(at.getTime());
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);

  it('keep the clock time across a change of daylight saving time', () => {
    expect(zonedIsoString(new Date('2026-11-01T08:30:00Z'), DISPLAY_TIME_ZONE)).toBe(
      '2026-11-01T01:30:00.000-07:00',
    );
    expect(zonedIsoString(new Date('2026-11-01T09:30:00Z'), DISPLAY_TIME_ZONE)).toBe(
      '2026-11-01T01:30:00.000-08:00',
    );
  });
});
