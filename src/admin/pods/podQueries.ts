import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { POD_MEMBERS } from '../providers/podMembersResource';

/** Query keys of one pod: its detail (members are the `pod-members` list resource). */
export const podKeys = {
  all: (id: string) => ['pod', id] as const,
  detail: (id: string) => ['pod', id, 'detail'] as const,
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

/** After members change: this pod's count, its members list, and the pods list (their counts). */
export function useRefreshPod(id: string) {
  const queryClient = useQueryClient();
  return () => {
    // Other pages of the members, kept from before, have the old total and offsets: they are
    // dropped rather than shown while they reload (removing a page's last row moves back to one).
    queryClient.removeQueries({ queryKey: [POD_MEMBERS], type: 'inactive' });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: podKeys.all(id) }),
      queryClient.invalidateQueries({ queryKey: [POD_MEMBERS] }),
      queryClient.invalidateQueries({ queryKey: ['pods'] }),
    ]);
  };
}
