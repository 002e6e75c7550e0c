import { describe, expect, it } from 'vitest';
import { programsCsv, programsCsvFilename } from '../../src/admin/analytics/programsCsv';
import { nextSort, sortPrograms } from '../../src/admin/analytics/programSort';
import type { AnalyticsProgram } from '../../src/shared/responses/figures';

const program = (
  programName: string,
  figures: Partial<AnalyticsProgram> = {},
): AnalyticsProgram => ({
  programId: programName,
  programName,
  sent: 10,
  delivered: 9,
  deliveryRate: 0.9,
  optOuts: 1,
  recipients: 10,
  optOutRate: 0.1,
  ...figures,
});

/** The CSV without its byte-order mark, as lines. */
const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe("the Analytics screen's programs CSV", () => {
  it('starts with a byte-order mark and the headings, one CRLF line per program, in order', () => {
    const csv = programsCsv([
      program('Zinnia', { sent: 12345, delivered: 12000, deliveryRate: 12000 / 12345 }),
      program('Aster'),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines(csv)).toEqual([
      'Program,Sent,Delivered,Delivery rate,Opt-outs,Opt-out rate',
      // Counts stay plain numbers; a rate is written as the table shows it.
      'Zinnia,12345,12000,97.2%,1,10%',
      'Aster,10,9,90%,1,10%',
      '',
    ]);
  });

  it('leaves a rate that does not exist empty', () => {
    const csv = programsCsv([
      program('Quiet', {
        sent: 0,
        delivered: 0,
        deliveryRate: null,
        recipients: 0,
        optOutRate: null,
      }),
    ]);
    expect(lines(csv)[1]).toBe('Quiet,0,0,,1,');
  });

  it('quotes commas, quotes and line breaks, and never lets a name run as a formula', () => {
    const csv = programsCsv([
      program('Walks, "spring"'),
      program('=1+1'),
      program('@SUM(A1)'),
      program('-2+3'),
      program('Two\nlines'),
      program('Mary-Jane'),
    ]);
    expect(lines(csv).slice(1, -1)).toEqual([
      '"Walks, ""spring""",10,9,90%,1,10%',
      "'=1+1,10,9,90%,1,10%",
      "'@SUM(A1),10,9,90%,1,10%",
      "'-2+3,10,9,90%,1,10%",
      '"Two\nlines",10,9,90%,1,10%',
      'Mary-Jane,10,9,90%,1,10%',
    ]);
  });

  it('is named after its range', () => {
    expect(programsCsvFilename('2026-10-25', '2026-11-23')).toBe(
      'analytics-programs-2026-10-25-to-2026-11-23.csv',
    );
  });
});

describe("the Analytics screen's programs order", () => {
  const rows = [
    program('B', { deliveryRate: 0.5, optOutRate: 0.2 }),
    program('A', { deliveryRate: null, optOutRate: null }),
    program('C', { deliveryRate: 0.5, optOutRate: 0 }),
    program('D', { deliveryRate: 1, optOutRate: 0.05 }),
  ];
  const names = (sorted: AnalyticsProgram[]) => sorted.map((p) => p.programName);

  it('sorts by a rate either way, ties by name, no rate last', () => {
    expect(names(sortPrograms(rows, { column: 'deliveryRate', order: 'desc' }))).toEqual([
      'D',
      'B',
      'C',
      'A',
    ]);
    expect(names(sortPrograms(rows, { column: 'deliveryRate', order: 'asc' }))).toEqual([
      'B',
      'C',
      'D',
      'A',
    ]);
    expect(names(sortPrograms(rows, { column: 'optOutRate', order: 'asc' }))).toEqual([
      'C',
      'D',
      'B',
      'A',
    ]);
  });

  it('sorts names A to Z first and figures largest first, and turns round on a second click', () => {
    expect(nextSort({ column: 'sent', order: 'desc' }, 'programName')).toEqual({
      column: 'programName',
      order: 'asc',
    });
    expect(nextSort({ column: 'programName', order: 'asc' }, 'optOutRate')).toEqual({
      column: 'optOutRate',
      order: 'desc',
    });
    expect(nextSort({ column: 'optOutRate', order: 'desc' }, 'optOutRate')).toEqual({
      column: 'optOutRate',
      order: 'asc',
    });
    expect(names(sortPrograms(rows, { column: 'programName', order: 'desc' }))).toEqual([
      'D',
      'C',
      'B',
      'A',
    ]);
  });
});
