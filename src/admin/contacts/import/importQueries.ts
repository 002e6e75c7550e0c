import { useQuery } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import type { ImportStatus } from '../../../shared/contact-import';
import { getContactImport, listContactImports } from '../../providers/contactImportsApi';
import { useSignedInCall } from '../../providers/useSignedInCall';

/** How often the dialog asks for its import's progress, and the contacts list for those under way. */
export const IMPORT_REFRESH_MS = 1000;
export const IMPORTS_UNDER_WAY_REFRESH_MS = 2000;

export const importKeys = {
  underWay: ['contactImports', 'underWay'] as const,
  one: (id: string) => ['contactImports', id] as const,
};

/** Queued or running: the import's counts still move. */
export const isUnderWay = (status: ImportStatus) => status === 'queued' || status === 'running';

/** An import's share of rows done, 0-100 (a file's rows are known before its first row is saved). */
export const percentDone = ({ processed, total }: { processed: number; total: number }) =>
  total > 0 ? Math.min(100, Math.round((processed / total) * 100)) : 0;

/** The imports under way, asked for every IMPORTS_UNDER_WAY_REFRESH_MS while `enabled`. */
export function useImportsUnderWay(enabled: boolean) {
  const signedIn = useSignedInCall();
  return useQuery({
    queryKey: importKeys.underWay,
    queryFn: () => signedIn(listContactImports),
    enabled,
    refetchInterval: IMPORTS_UNDER_WAY_REFRESH_MS,
    retry: false,
  });
}

/** One import, asked for every IMPORT_REFRESH_MS until it is done or failed. */
export function useContactImport(id: string) {
  const signedIn = useSignedInCall();
  return useQuery({
    queryKey: importKeys.one(id),
    queryFn: () => signedIn(() => getContactImport(id)),
    refetchInterval: ({ state: { data, error } }) => {
      if (data && !isUnderWay(data.status)) return false;
      // Not found, or not this user's to see: asking again will not change that.
      if (error instanceof HttpError && error.status < 500) return false;
      return IMPORT_REFRESH_MS;
    },
    retry: false,
  });
}
