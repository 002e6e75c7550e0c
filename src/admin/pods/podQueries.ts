import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type SortPayload } from 'react-admin';
import type { TidingsDataProvider } from '../providers/dataProvider';

export interface MembersPage {
  page: number;
  perPage: number;
  sort: SortPayload;
  q: string;
}

/**
 * Query keys of one pod. Its detail and its member pages share the prefix `['pod', id]`, so an
 * action that changes the members (add, remove) refreshes both with one invalidation.
 */
export const podKeys = {
  all: (id: string) => ['pod', id] as const,
  detail: (id: string) => ['pod', id, 'detail'] as const,
  members: (id: string, page: MembersPage) => ['pod', id, 'members', page] as const,
};

/** The pod with its programs (members are paged separately: a pod may hold thousands). */
export function usePod(id: string) {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: podKeys.detail(id),
    queryFn: () => dataProvider.getPod(id),
    // A 404 is an answer, not a hiccup: show 'Pod not found' at once.
    retry: false,
  });
}

/** One page of the pod's active members, sorted and searched on the server. */
export function usePodMembers(id: string, page: MembersPage) {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: podKeys.members(id, page),
    queryFn: () => dataProvider.getPodMembers(id, page),
    // The current page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** After members change: this pod's count and table, and the pods list (its member counts). */
export function useRefreshPod(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: podKeys.all(id) }),
      queryClient.invalidateQueries({ queryKey: ['pods'] }),
    ]);
}
