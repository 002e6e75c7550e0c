import { describe, expect, it } from 'vitest';
import { linkRows } from '../../src/admin/analytics/linkRows';
import { linksCsv, linksCsvFilename } from '../../src/admin/analytics/linksCsv';
import type { ProgramRow } from '../../src/admin/analytics/programRows';
import { programsCsv, programsCsvFilename } from '../../src/admin/analytics/programsCsv';
import { nextSort, sortPrograms } from '../../src/admin/analytics/programSort';
import type { AnalyticsProgramDay } from '../../src/shared/responses/figures';

const program = (programName: string, figures: Partial<ProgramRow> = {}): ProgramRow => ({
  programId: programName,
  programName,
  sent: 10,
  delivered: 9,
  deliveryRate: 0.9,
  optOuts: 1,
  recipients: 10,
  optOutRate: 0.1,
  clicked: 3,
  clickRate: 0.375,
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
      'Program,Sent,Delivered,Delivery rate,Opt-outs,Opt-out rate,Clicked,Click rate',
      // Counts stay plain numbers; a rate is written as the table shows it.
      'Zinnia,12345,12000,97.2%,1,10%,3,37.5%',
      'Aster,10,9,90%,1,10%,3,37.5%',
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
        clicked: null,
        clickRate: null,
      }),
    ]);
    expect(lines(csv)[1]).toBe('Quiet,0,0,,1,,,');
  });

  it('leaves the clicks of a program that sent no tracked link empty, and writes those of one that did', () => {
    const csv = programsCsv([
      program('Untracked', { clicked: null, clickRate: null }),
      program('Unopened', { clicked: 0, clickRate: 0 }),
    ]);
    expect(lines(csv).slice(1, -1)).toEqual([
      'Untracked,10,9,90%,1,10%,,',
      'Unopened,10,9,90%,1,10%,0,0%',
    ]);
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
      '"Walks, ""spring""",10,9,90%,1,10%,3,37.5%',
      "'=1+1,10,9,90%,1,10%,3,37.5%",
      "'@SUM(A1),10,9,90%,1,10%,3,37.5%",
      "'-2+3,10,9,90%,1,10%,3,37.5%",
      '"Two\nlines",10,9,90%,1,10%,3,37.5%',
      'Mary-Jane,10,9,90%,1,10%,3,37.5%',
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
  const names = (sorted: ProgramRow[]) => sorted.map((p) => p.programName);

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

  it('sorts by clicks, a program without tracked links last either way', () => {
    const clicks = [
      program('B', { clicked: 4, clickRate: 0.4 }),
      program('A', { clicked: null, clickRate: null }),
      program('C', { clicked: 9, clickRate: 0.3 }),
    ];
    expect(names(sortPrograms(clicks, { column: 'clickRate', order: 'desc' }))).toEqual([
      'B',
      'C',
      'A',
    ]);
    expect(names(sortPrograms(clicks, { column: 'clicked', order: 'asc' }))).toEqual([
      'B',
      'C',
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

describe("the Analytics screen's tracked links", () => {
  const figures = (reached: number, clicked: number) => ({
    messages: reached + 1,
    reached,
    clicked,
    rate: clicked / reached,
  });
  const programDays: AnalyticsProgramDay[] = [
    {
      programId: 'p1',
      programName: '=Walks, "spring"',
      day: 0,
      ...figures(4, 2),
      links: [{ linkIndex: 0, url: 'https://example.org/guide', ...figures(4, 2) }],
    },
    {
      programId: 'p1',
      programName: '=Walks, "spring"',
      day: 3,
      ...figures(8, 3),
      links: [
        { linkIndex: 0, url: 'https://example.org/map', ...figures(8, 1) },
        { linkIndex: 1, url: '@https://example.org/plan?a=1,b=2', ...figures(8, 2) },
      ],
    },
  ];

  it('writes a line per day with one link, and the day then each link with several', () => {
    expect(linkRows(programDays).map((row) => [row.day, row.link, row.dayLine])).toEqual([
      [0, 'https://example.org/guide', true],
      [3, 'Any of its 2 links', true],
      [3, 'https://example.org/map', false],
      [3, '@https://example.org/plan?a=1,b=2', false],
    ]);
  });

  it('exports those lines as CSV, names and URLs never run as formulas', () => {
    expect(lines(linksCsv(linkRows(programDays)))).toEqual([
      'Program,Day,Link,Reached,Clicked,Click rate',
      `"'=Walks, ""spring""",0,https://example.org/guide,4,2,50%`,
      `"'=Walks, ""spring""",3,Any of its 2 links,8,3,37.5%`,
      `"'=Walks, ""spring""",3,https://example.org/map,8,1,12.5%`,
      `"'=Walks, ""spring""",3,"'@https://example.org/plan?a=1,b=2",8,2,25%`,
      '',
    ]);
    expect(linksCsvFilename('2026-10-25', '2026-11-23')).toBe(
      'analytics-links-2026-10-25-to-2026-11-23.csv',
    );
  });
});
