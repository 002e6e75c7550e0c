import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import { CONVERSATION_REFRESH_MS } from '../../shared/constants';
import { isFinalStatus } from '../../shared/delivery';
import type { ApiConversation } from '../../shared/responses/messages';
import type { TidingsDataProvider } from '../providers/dataProvider';

/**
 * Query keys of a contact's conversation and consent log. They share the prefix
 * `['contacts', id]`, so a simulated reply refreshes both with one invalidation (react-admin's own
 * `['contacts', 'getOne', ...]` holds the contact).
 */
export const contactKeys = {
  all: (id: Identifier) => ['contacts', String(id)] as const,
  conversation: (id: Identifier) => ['contacts', String(id), 'conversation'] as const,
  consent: (id: Identifier) => ['contacts', String(id), 'consent'] as const,
  enrollments: (id: Identifier) => ['contacts', String(id), 'enrollments'] as const,
};

/** Whether some message Tidings sent, among those loaded, can still change status by itself. */
const somethingOnItsWay = (pages: readonly ApiConversation[] | undefined) =>
  pages?.some((page) =>
    page.entries.some((entry) => entry.direction === 'out' && !isFinalStatus(entry.status)),
  ) ?? false;

/**
 * The contact's conversation, newest page first; each further page ('Show earlier') holds what
 * came before the last entry of the one above. While a message shown is on its way, every loaded
 * page is fetched again now and then (react-query refetches them in turn, each page from the
 * fresh one before it, so new messages at the top shift the rest without gaps or repeats).
 */
export function useConversation(contactId: Identifier) {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useInfiniteQuery({
    queryKey: contactKeys.conversation(contactId),
    queryFn: ({ pageParam }) =>
      dataProvider.getContactConversation(contactId, pageParam ? { before: pageParam } : {}),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasMore ? (page.entries.at(-1)?.at ?? null) : null),
    refetchInterval: (query) =>
      somethingOnItsWay(query.state.data?.pages) ? CONVERSATION_REFRESH_MS : false,
    retry: false,
  });
}

/** The contact's consent log, newest first. */
export function useConsentLog(contactId: Identifier) {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: contactKeys.consent(contactId),
    queryFn: () => dataProvider.getContactConsent(contactId),
    retry: false,
  });
}

/** Where the contact is in each rolling program that enrolled them. */
export function useContactEnrollments(contactId: Identifier) {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: contactKeys.enrollments(contactId),
    queryFn: () => dataProvider.getContactEnrollments(contactId),
    retry: false,
  });
}
