import { HttpError, type SortPayload } from 'react-admin';
import type { PodSummary } from '../../shared/pod';
import type { ApiErrorBody } from '../../shared/types';
import { API_URL, httpClient } from './httpClient';
import { listQuery } from './listQuery';
import { session } from './session';

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

/**
 * The contacts list as CSV, with the list's filters and sort: GET /api/contacts/export.csv. The
 * call needs the bearer token, so the file is fetched here rather than opened as a plain link.
 */
export async function exportContactsCsv({
  filter,
  sort,
}: {
  filter: Record<string, unknown>;
  sort: SortPayload;
}): Promise<{ blob: Blob; filename: string }> {
  const query = listQuery({ filter, sort });
  query.delete('page');
  query.delete('perPage');
  const response = await fetch(`${API_URL}/contacts/export.csv?${query}`, {
    headers: { Authorization: `Bearer ${session.getToken() ?? ''}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined;
    throw new HttpError(body?.error ?? response.statusText, response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'contacts.csv';
  return { blob: await response.blob(), filename };
}
