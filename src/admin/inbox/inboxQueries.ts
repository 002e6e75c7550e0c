import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import { INBOX_REFRESH_MS } from '../../shared/constants';
import { contactKeys } from '../contacts/contactQueries';
import type { TidingsDataProvider } from '../providers/dataProvider';

export const inboxKeys = { counts: ['inbox', 'counts'] as const };

/**
 * The inbox's counts, for the top bar and the dashboard: asked every INBOX_REFRESH_MS while the
 * console is open (react-query pauses the timer in a hidden tab and asks again on its return).
 */
export function useInboxCounts() {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: inboxKeys.counts,
    queryFn: () => dataProvider.getInboxCounts(),
    refetchInterval: INBOX_REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/**
 * After a reply is handled, assigned, decided or answered: the counts, the replies list (react-
 * admin's ['inbound-messages', …] queries) and the contact's conversation and consent are read
 * again.
 */
export function useInboxRefresh() {
  const queryClient = useQueryClient();
  return (contactId?: Identifier | null) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['inbox'] }),
      queryClient.invalidateQueries({ queryKey: ['inbound-messages'] }),
      contactId ? queryClient.invalidateQueries({ queryKey: contactKeys.all(contactId) }) : null,
    ]);
}
