import type { AnalyticsQuery } from '../../shared/analytics';
import { messages } from '../../shared/messages';
import { analyticsQuerySchema } from '../../shared/validation/analytics';

/** What the screen shows, as its address holds it: `?from=YYYY-MM-DD&to=YYYY-MM-DD&programId=`. */
export interface AnalyticsView {
  from: string;
  to: string;
  programId: string | null;
}

/** The view's address parameters, so a link reproduces it. */
export function viewSearch({ from, to, programId }: AnalyticsView): URLSearchParams {
  const search = new URLSearchParams({ from, to });
  if (programId) search.set('programId', programId);
  return search;
}

export type ViewCheck =
  | { ok: true; query: AnalyticsQuery }
  | { ok: false; fromError?: string; toError?: string; programError?: string };

/**
 * The request the view makes, or why it makes none. A date that is not whole yet (being typed) is
 * null; the rest is checked with the API's own schema, so the console refuses exactly what the
 * server would, in its words.
 */
export function checkView(
  from: string | null,
  to: string | null,
  programId: string | null,
): ViewCheck {
  if (from === null || to === null) {
    const incomplete = messages.analytics.dateIncomplete;
    return {
      ok: false,
      fromError: from === null ? incomplete : undefined,
      toError: to === null ? incomplete : undefined,
    };
  }
  const result = analyticsQuerySchema.safeParse({ from, to, programId: programId ?? undefined });
  if (result.success) return { ok: true, query: result.data };
  const errorOn = (field: string) =>
    result.error.issues.find((issue) => issue.path[0] === field)?.message;
  return {
    ok: false,
    fromError: errorOn('from'),
    toError: errorOn('to'),
    programError: errorOn('programId'),
  };
}
