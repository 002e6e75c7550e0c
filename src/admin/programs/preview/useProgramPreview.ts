import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { TidingsDataProvider } from '../../providers/dataProvider';
import type { ProgramPreviewQuery } from '../../providers/programsApi';

/**
 * A page of a day's recipients with the exact message each gets (GET /api/programs/{id}/preview).
 * The page shown stays while the next one loads, so the dialog does not jump.
 */
export function useProgramPreview(programId: string, query: ProgramPreviewQuery) {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: ['programs', 'preview', programId, query],
    queryFn: () => dataProvider.getProgramPreview(programId, query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
