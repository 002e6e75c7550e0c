import { CSV_BOM, csvLine } from '../../shared/csv';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import { formatPercent } from '../format';
import type { ProgramRow } from './programRows';

const t = messages.analytics.programs;

/** A rate as the table shows it ('97.5%', which spreadsheets read as a number); empty for none. */
export const rateCell = (rate: number | null) => (rate === null ? null : formatPercent(rate));

/**
 * The per-program table as CSV, in the order given (the table's): its columns and headings, plain
 * counts (empty where a program has no clicks to count), and names escaped so that a spreadsheet
 * never runs one as a formula.
 */
export function programsCsv(programs: readonly ProgramRow[]): string {
  const header = csvLine([
    t.program,
    t.sent,
    t.delivered,
    t.deliveryRate,
    t.optOuts,
    t.optOutRate,
    t.clicked,
    t.clickRate,
  ]);
  const rows = programs.map((program) =>
    csvLine([
      program.programName,
      program.sent,
      program.delivered,
      rateCell(program.deliveryRate),
      program.optOuts,
      rateCell(program.optOutRate),
      program.clicked,
      rateCell(program.clickRate),
    ]),
  );
  return `${CSV_BOM}${header}${rows.join('')}`;
}

/** 'analytics-programs-2026-10-26-to-2026-11-24.csv'. */
export const programsCsvFilename = (from: string, to: string) =>
  formatMessage(t.csvFilename, { from, to });
