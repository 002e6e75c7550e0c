import type { LocalDate } from '../../../src/shared/schedule';

/**
 * The days the generated histories of the counts happen on (message-counts.test.ts,
 * program-consent-counts.test.ts): 26 February to 10 March 2026 in Los Angeles, across a month's
 * end and the start of daylight saving time (8 March), and the ranges Analytics is asked for.
 */
export const WINDOW_START = Date.parse('2026-02-26T08:00:00Z');
export const WINDOW_END = Date.parse('2026-03-11T07:00:00Z');
export const RANGES: [LocalDate, LocalDate][] = [
  ['2026-02-26', '2026-03-10'],
  ['2026-02-28', '2026-03-01'],
  ['2026-03-08', '2026-03-08'],
  ['2026-03-02', '2026-03-09'],
];
/** How many histories a property replays (FUZZ_RUNS for more). */
export const RUNS = Number(process.env.FUZZ_RUNS || 20);
