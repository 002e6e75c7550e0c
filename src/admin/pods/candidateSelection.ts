import type { ApiUser } from '../../shared/responses/users';

/** Only participants can be pod members (spec section 6); staff rows are shown but locked. */
export const canBeMember = (contact: Pick<ApiUser, 'role'>) => contact.role === 'participant';

/**
 * What the user ticked in the add-members list: some contacts by id, or every participant the
 * current search matches, on every page, loaded or not. The second is sent as the search itself,
 * so the server adds them all without the console ever loading 50,000 contacts.
 *
 * 'All matching' has no exceptions: the API takes a search or a list, not a search minus a list.
 */
export type CandidateSelection =
  { kind: 'some'; ids: ReadonlySet<string> } | { kind: 'allMatching' };

export const NOTHING_SELECTED: CandidateSelection = { kind: 'some', ids: new Set() };
export const ALL_MATCHING: CandidateSelection = { kind: 'allMatching' };

/** Ticks or unticks one contact. Rows are locked while everything matching is selected. */
export function toggleContact(selection: CandidateSelection, id: string): CandidateSelection {
  if (selection.kind === 'allMatching') return selection;
  const ids = new Set(selection.ids);
  if (!ids.delete(id)) ids.add(id);
  return { kind: 'some', ids };
}

export function isSelected(selection: CandidateSelection, contact: ApiUser): boolean {
  return selection.kind === 'allMatching' ? canBeMember(contact) : selection.ids.has(contact.id);
}

/**
 * How many contacts the selection adds: the ticked ones, or the matching participants (the
 * server's count, `undefined` while it loads).
 */
export function selectedCount(
  selection: CandidateSelection,
  matchingParticipants: number | undefined,
): number | undefined {
  return selection.kind === 'allMatching' ? matchingParticipants : selection.ids.size;
}

/** The body of `addPodMembers` for this selection under the search that is applied. */
export function addMembersRequest(
  selection: CandidateSelection,
  search: { q: string; status: string },
): { contactIds: string[] } | { matching: { q?: string; status?: string } } {
  if (selection.kind === 'some') return { contactIds: [...selection.ids] };
  return {
    matching: {
      ...(search.q && { q: search.q }),
      ...(search.status && { status: search.status }),
    },
  };
}
