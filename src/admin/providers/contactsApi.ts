import type { SortPayload } from 'react-admin';
import type { PodSummary } from '../../shared/responses/pods';
import { fetchFile, httpClient } from './httpClient';
import { listQuery } from './listQuery';

/** POST /api/pods with the selected contacts as participants: one transaction, all or none. */
export async function createPodFromContacts({
  podId,
  podName,
  contactIds,
}: {
  podId: string;
  podName: string;
  contactIds: readonly (string | number)[];
}): Promise<PodSummary> {
  const { json } = await httpClient('/pods', {
    method: 'POST',
    body: JSON.stringify({
      podId,
      podName,
      members: contactIds.map((userId) => ({ userId, role: 'participant' })),
    }),
  });
  return (json as { pod: PodSummary }).pod;
}

/** The contacts list as CSV, with the list's filters and sort: GET /api/contacts/export.csv. */
export function exportContactsCsv({
  filter,
  sort,
}: {
  filter: Record<string, unknown>;
  sort: SortPayload;
}): Promise<{ blob: Blob; filename: string }> {
  const query = listQuery({ filter, sort });
  query.delete('page');
  query.delete('perPage');
  return fetchFile(`/contacts/export.csv?${query}`, 'contacts.csv');
}
