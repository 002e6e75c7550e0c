import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import type { PodMember } from '../../shared/responses/pods';
import type { TidingsDataProvider } from './dataProvider';

/** The pod-member calls the `pod-members` resource is built from. */
type MemberCalls = Pick<TidingsDataProvider, 'getPodMembers' | 'removePodMember'>;

/** The resource name of a pod's active members: `filter.podId` names the pod. */
export const POD_MEMBERS = 'pod-members';

/** The contact id of a membership (`userId` is the contact object, spec section 3). */
export const memberContactId = (member: PodMember) => member.userId._id ?? member.userId.id;

/**
 * A pod's members as a react-admin list resource, so the pod page pages, sorts and searches them
 * with `ListBase` and removes one with `useDelete`, and react-admin's cache refreshes the list.
 * The API has no `/pod-members`: a list is GET /api/pods/{podId}/members and a delete is
 * DELETE /api/pods/{podId}/members/{contactId}, so both go through the provider's own pod calls.
 * A member's record id is its contact's: a pod has one active membership per contact.
 */
export function withPodMembers<P extends DataProvider>(provider: P): P {
  const calls = provider as unknown as MemberCalls;
  return {
    ...provider,
    async getList(resource: string, params: GetListParams) {
      if (resource !== POD_MEMBERS) return provider.getList(resource, params);
      const { podId, q } = (params.filter ?? {}) as { podId: string; q?: string };
      const { data, total } = await calls.getPodMembers(podId, {
        page: params.pagination?.page ?? 1,
        perPage: params.pagination?.perPage ?? 25,
        sort: params.sort ?? { field: 'fullName', order: 'ASC' },
        q: (q ?? '').trim(),
      });
      return { data: data.map((member) => ({ ...member, id: memberContactId(member) })), total };
    },
    async delete(
      resource: string,
      params: { id: Identifier; previousData?: unknown; meta?: { podId?: string } },
    ) {
      if (resource !== POD_MEMBERS) return provider.delete(resource, params as never);
      await calls.removePodMember(String(params.meta?.podId), params.id);
      return { data: params.previousData };
    },
  } as P;
}
