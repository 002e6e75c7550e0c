import type { ProgramRow } from './programRows';

export type ProgramColumn =
  | 'programName'
  | 'sent'
  | 'delivered'
  | 'deliveryRate'
  | 'optOuts'
  | 'optOutRate'
  | 'clicked'
  | 'clickRate';

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

const byName = (a: ProgramRow, b: ProgramRow) => a.programName.localeCompare(b.programName, 'en');

/**
 * The programs in `sort`'s order, on the client: the one answer holds every program of the
 * range. A figure that does not exist (nothing sent, no tracked link) goes last either way; ties
 * go by name.
 */
export function sortPrograms(
  programs: readonly ProgramRow[],
  { column, order }: ProgramSort,
): ProgramRow[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...programs].sort((a, b) => {
    const x = a[column];
    const y = b[column];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    const compared = typeof x === 'string' ? byName(a, b) : x - (y as number);
    return compared * direction || byName(a, b);
  });
}
