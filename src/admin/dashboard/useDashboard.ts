import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { DASHBOARD_REFRESH_MS } from '../../shared/dashboard';
import type { TidingsDataProvider } from '../providers/dataProvider';

/**
 * The dashboard's figures (GET /api/dashboard), asked for again every DASHBOARD_REFRESH_MS while
 * the page is open: today's counts move as the day's messages go out.
 */
export function useDashboard() {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => dataProvider.getDashboard(),
    refetchInterval: DASHBOARD_REFRESH_MS,
    retry: false,
  });
}
