import type { AnalyticsClicks, AnalyticsProgram } from '../../shared/responses/figures';

/**
 * A program as the table shows it: its figures, and its clicks from the answer's `clicks` (null
 * when it sent no message with a tracked link in the range: no figure, rather than 0).
 */
export type ProgramRow = AnalyticsProgram & {
  clicked: number | null;
  clickRate: number | null;
};

export function programRows(
  programs: readonly AnalyticsProgram[],
  clicks: AnalyticsClicks['programs'],
): ProgramRow[] {
  const byProgram = new Map(clicks.map((figures) => [figures.programId, figures]));
  return programs.map((program) => {
    const figures = byProgram.get(program.programId);
    return { ...program, clicked: figures?.clicked ?? null, clickRate: figures?.rate ?? null };
  });
}
