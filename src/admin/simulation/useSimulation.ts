import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ApiSimulation } from '../../shared/responses/common';
import type { TidingsDataProvider } from '../providers/dataProvider';

const NOTHING_SIMULATED: ApiSimulation = { sms: false, email: false };

/**
 * Which channels the server simulates (GET /api/simulation), asked once per page load: they are
 * chosen when the server starts. Until the answer comes, or if it never does, nothing is said to
 * be simulated, as a real send's words are the specification's.
 */
export function useSimulation(): ApiSimulation {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const { data } = useQuery({
    queryKey: ['simulation'],
    queryFn: () => dataProvider.getSimulation(),
    staleTime: Infinity,
    retry: false,
  });
  return data ?? NOTHING_SIMULATED;
}
