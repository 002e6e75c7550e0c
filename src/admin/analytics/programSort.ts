import type { AnalyticsProgram } from '../../shared/responses/figures';

export type ProgramColumn =
  'programName' | 'sent' | 'delivered' | 'deliveryRate' | 'optOuts' | 'optOutRate';

export interface ProgramSort {
  column: ProgramColumn;
  order: 'asc' | 'desc';
}

/** The busiest programs first. */
export const DEFAULT_PROGRAM_SORT: ProgramSort = { column: 'sent', order: 'desc' };

/** A column clicked: the other way round if it is the sorted one, else names A–Z and figures largest first. */
export const nextSort = (current: ProgramSort, column: ProgramColumn): ProgramSort =>
  current.column === column
    ? { column, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { column, order: column === 'programName' ? 'asc' : 'desc' };

const byName = (a: AnalyticsProgram, b: AnalyticsProgram) =>
  a.programName.localeCompare(b.programName, 'en');

/**
 * The programs in `sort`'s order, on the client: the one answer holds every program of the
 * range. A rate that does not exist (nothing sent) goes last either way; ties go by name.
 */
export function sortPrograms(
  programs: readonly AnalyticsProgram[],
  { column, order }: ProgramSort,
): AnalyticsProgram[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...programs].sort((a, b) => {
    const x = a[column];
    const y = b[column];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    const compared = typeof x === 'string' ? byName(a, b) : x - (y as number);
    return compared * direction || byName(a, b);
  });
}
