import { TextInput } from 'react-admin';

/**
 * A list's search box: react-admin's TextInput on the `q` filter, labelled by the resource's `q`
 * field ('Search by name'). react-admin's SearchInput shows a placeholder only, and the spec names
 * each search box, so that a screen reader says what it searches.
 */
export const searchFilter = (
  <TextInput source="q" type="search" parse={blankIsNoSearch} sx={{ width: 300 }} />
);

/** A search of spaces only searches for nothing: no filter, and no tag. */
function blankIsNoSearch(value: string) {
  return value.trim() ? value : '';
}

/** A select filter's choices (react-admin's `{ id, name }`) from one of the shared constants. */
export const choicesOf = <T extends string>(values: readonly T[], name: (value: T) => string) =>
  values.map((id) => ({ id, name: name(id) }));
