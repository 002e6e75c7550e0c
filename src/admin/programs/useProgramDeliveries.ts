import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ApiProgramDeliveries } from '../../shared/responses/programs';
import type { TidingsDataProvider } from '../providers/dataProvider';

/**
 * The program's deliveries (GET /api/programs/{id}/deliveries), one cached answer for the
 * Deliveries panel and the schedule beside the form: each asks with its own refresh, and they share
 * whatever came last. Without an id (a new program) nothing is asked.
 */
export function useProgramDeliveries(
  programId: string | undefined,
  refetchInterval:
    number | false | ((data: ApiProgramDeliveries | undefined) => number | false) = false,
) {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: ['programs', 'deliveries', programId],
    queryFn: () => dataProvider.getProgramDeliveries(programId!),
    enabled: programId !== undefined,
    refetchInterval:
      typeof refetchInterval === 'function'
        ? (query) => refetchInterval(query.state.data)
        : refetchInterval,
    retry: false,
  });
}
