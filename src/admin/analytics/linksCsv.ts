import { CSV_BOM, csvLine } from '../../shared/csv';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import type { LinkRow } from './linkRows';
import { rateCell } from './programsCsv';

const t = messages.analytics.links;

/**
 * The tracked links' table as CSV, line for line: the program, the day's number, the link, plain
 * counts and the rate as the table shows it; names and URLs escaped so that a spreadsheet never
 * runs one as a formula.
 */
export function linksCsv(rows: readonly LinkRow[]): string {
  const header = csvLine([t.program, t.day, t.link, t.reached, t.clicked, t.clickRate]);
  const lines = rows.map((row) =>
    csvLine([
      row.programName,
      row.day,
      row.link,
      row.figures.reached,
      row.figures.clicked,
      rateCell(row.figures.rate),
    ]),
  );
  return `${CSV_BOM}${header}${lines.join('')}`;
}

/** 'analytics-links-2026-10-26-to-2026-11-24.csv'. */
export const linksCsvFilename = (from: string, to: string) =>
  formatMessage(t.csvFilename, { from, to });
