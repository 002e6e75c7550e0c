import type { SortPayload } from 'react-admin';
import type { PodMember, PodMembersAddResult } from '../../shared/responses/pods';
import { httpClient } from './httpClient';
import { listQuery } from './listQuery';

const podPath = (id: string | number) => `/pods/${encodeURIComponent(String(id))}`;

/** GET /api/pods/{id}/members: one page of the pod's active members. */
export async function getPodMembers(
  id: string | number,
  params: { page: number; perPage: number; sort: SortPayload; q?: string },
): Promise<{ data: PodMember[]; total: number }> {
  const query = listQuery({
    pagination: { page: params.page, perPage: params.perPage },
    sort: params.sort,
    filter: params.q ? { q: params.q } : {},
  });
  const { json } = await httpClient(`${podPath(id)}/members?${query}`);
  const { members, total } = json as { members: PodMember[]; total: number };
  return { data: members, total };
}

/**
 * POST /api/pods/{id}/members in one request: the chosen contacts, or every participant that the
 * add-members search matches (`matching`).
 */
export async function addPodMembers(
  id: string | number,
  selection:
    { contactIds: readonly (string | number)[] } | { matching: { q?: string; status?: string } },
): Promise<PodMembersAddResult> {
  const body =
    'contactIds' in selection
      ? { members: selection.contactIds.map((userId) => ({ userId, role: 'participant' })) }
      : { matching: selection.matching };
  const { json } = await httpClient(`${podPath(id)}/members`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return json as PodMembersAddResult;
}

/** DELETE /api/pods/{id}/members/{userId}: the membership is kept as history, status removed. */
export async function removePodMember(id: string | number, userId: string | number) {
  await httpClient(`${podPath(id)}/members/${encodeURIComponent(String(userId))}`, {
    method: 'DELETE',
  });
}
