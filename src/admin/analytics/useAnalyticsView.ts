import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { defaultAnalyticsRange } from '../../shared/analytics';
import { viewSearch, type AnalyticsView } from './analyticsView';

/**
 * The view in the address: a link reproduces it and Back returns to the one before. Without dates
 * it is the last 30 days in Los Angeles, as of when the screen opened.
 */
export function useAnalyticsView() {
  const [search, setSearch] = useSearchParams();
  const [defaults] = useState(() => defaultAnalyticsRange());
  const view: AnalyticsView = {
    from: search.get('from') ?? defaults.from,
    to: search.get('to') ?? defaults.to,
    programId: search.get('programId') || null,
  };
  /** Shows `change` on top of the current view, as a new history entry. */
  const show = (change: Partial<AnalyticsView>) => {
    const next = { ...view, ...change };
    if (next.from === view.from && next.to === view.to && next.programId === view.programId) {
      return;
    }
    setSearch(viewSearch(next));
  };
  return [view, show] as const;
}
