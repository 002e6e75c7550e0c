import { SelectInput } from 'react-admin';
import { useMessages, type MessageKey } from '../i18n';
import type { TagTexts } from './FilterTags';
import { choicesOf } from './filterInputs';

/** The lists whose rows have a status, each naming them as `<list>.statuses.*`. */
export type StatusList = 'products' | 'programs' | 'pods' | 'contacts';

/**
 * The status filter of a list ('All statuses', then each status) and its tag ('Status: Archived'),
 * from the list's own texts: `<list>.statuses.*`, `<list>.allStatuses`, `<list>.statusFilterTag`.
 * None for a list without statuses.
 */
export function useStatusFilter(list: StatusList, statuses: readonly string[] | undefined) {
  const t = useMessages();
  if (!statuses) return { inputs: [], tags: {} };
  const name = (status: string) => t(`${list}.statuses.${status}` as MessageKey);
  const tags: TagTexts = {
    status: (status) => t(`${list}.statusFilterTag`, { status: name(status) }),
  };
  return {
    inputs: [
      <SelectInput
        source="status"
        emptyText={t(`${list}.allStatuses`)}
        choices={choicesOf(statuses, name)}
      />,
    ],
    tags,
  };
}
