import { useQueryClient } from '@tanstack/react-query';
import { POD_MEMBERS } from '../providers/podMembersResource';

/**
 * After members change: this pod's count, its members list, and the pods lists (their counts).
 * The pod itself is react-admin's `getOne('pods')` (key `['pods', 'getOne', {id}]`), so `['pods']`
 * reloads it with the lists: one invalidation, one request for the pod.
 */
export function useRefreshPod() {
  const queryClient = useQueryClient();
  return () => {
    // Other pages of the members, kept from before, have the old total and offsets: they are
    // dropped rather than shown while they reload (removing a page's last row moves back to one).
    queryClient.removeQueries({ queryKey: [POD_MEMBERS], type: 'inactive' });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: [POD_MEMBERS] }),
      queryClient.invalidateQueries({ queryKey: ['pods'] }),
    ]);
  };
}
