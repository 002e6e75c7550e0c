import { useMemo } from 'react';
import { useInfiniteGetList, type SortPayload } from 'react-admin';
import { POD_MEMBER_ROLES } from '../../shared/constants';
import type { ApiUser } from '../../shared/responses/users';

/** The add-members search, as applied (the search box waits for a pause in typing). */
export interface CandidateFilters {
  q: string;
  /** Only roles a member may have: nobody else is listed. */
  role: (typeof POD_MEMBER_ROLES)[number] | '';
  /** The modal offers active and inactive only. */
  status: 'active' | 'inactive' | '';
}

export const NO_FILTERS: CandidateFilters = { q: '', role: '', status: '' };

/** Spec sections 2 and 9: the add-members list starts sorted by name. */
export const DEFAULT_SORT: SortPayload = { field: 'fullName', order: 'ASC' };

/** Rows per request as the user scrolls: a few screens of the 400px box at a time. */
export const PAGE_SIZE = 100;

export const isFiltered = (filters: CandidateFilters) =>
  Boolean(filters.q || filters.role || filters.status);

/**
 * The contacts list's query: everyone who could be added (a participant, spec section 6) and is
 * not an active member of the pod, searched. Hosts and admins are not listed at all, so every row
 * can be ticked and every count is of contacts that can be added.
 */
function serverFilter(podId: string, filters: CandidateFilters) {
  return {
    notInPod: podId,
    role: filters.role || POD_MEMBER_ROLES[0],
    ...(filters.q && { q: filters.q }),
    ...(filters.status && { status: filters.status }),
  };
}

const QUERY_OPTIONS = {
  // Candidates change as soon as members are added: a dialog opened again must not show the
  // last one's rows while it refetches, so nothing is kept once the dialog is gone.
  gcTime: 0,
  // A refetch of an infinite list reloads every page scrolled so far; not worth it on a focus.
  refetchOnWindowFocus: false,
};

/** The candidates page by page, as the list scrolls; the rows loaded so far, in order. */
export function useCandidates(podId: string, filters: CandidateFilters, sort: SortPayload) {
  const result = useInfiniteGetList<ApiUser>(
    'contacts',
    {
      pagination: { page: 1, perPage: PAGE_SIZE },
      sort,
      filter: serverFilter(podId, filters),
    },
    QUERY_OPTIONS,
  );
  const pages = result.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.data) ?? [], [pages]);
  return { ...result, rows };
}
