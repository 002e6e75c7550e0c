import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AnalyticsQuery } from '../../shared/analytics';
import type { TidingsDataProvider } from '../providers/dataProvider';

/** The figures of one view (GET /api/analytics); nothing is asked while `query` is null. */
export function useAnalytics(query: AnalyticsQuery | null) {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: ['analytics', query],
    queryFn: query ? () => dataProvider.getAnalytics(query) : skipToken,
    // The figures of the last view stay on screen, marked as loading, while the next ones come.
    placeholderData: keepPreviousData,
    // A refused range is an answer: show it at once, with 'Try Again' for a passing failure.
    retry: false,
  });
}
