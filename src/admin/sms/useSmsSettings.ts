import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { TidingsDataProvider } from '../providers/dataProvider';

/**
 * The SMS set-up (GET /api/sms): which provider sends (hence whether replies can be simulated),
 * the test-send limit, and how program messages are counted as sent (short links, personal
 * fields). Chosen when the server starts, so asked once per page load.
 */
export function useSmsSettings() {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: ['sms', 'settings'],
    queryFn: () => dataProvider.getSmsSettings(),
    staleTime: Infinity,
    retry: false,
  });
}
