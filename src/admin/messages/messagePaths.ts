import type { MessageStatus } from '../../shared/delivery';

/**
 * The filters of the messages list that other screens link to. The time bounds are ISO instants
 * (GET /api/messages reads them): `…From` included, `…Before` not.
 */
export interface MessageFilter {
  programId?: string;
  contactId?: string;
  day?: number;
  status?: MessageStatus[];
  sentFrom?: string;
  sentBefore?: string;
  dueBefore?: string;
  updatedFrom?: string;
  updatedBefore?: string;
}

/**
 * The messages list with these filters, in react-admin's own list address (`?filter={...}`), so
 * the list opens filtered and its inputs (or tags) show the filters.
 */
export function messagesListPath(filter: MessageFilter = {}): string {
  const set = Object.entries(filter).filter(([, value]) => value !== undefined);
  if (set.length === 0) return '/messages';
  return `/messages?filter=${encodeURIComponent(JSON.stringify(Object.fromEntries(set)))}`;
}

export const messagePath = (id: string | number) => `/messages/${encodeURIComponent(String(id))}`;
