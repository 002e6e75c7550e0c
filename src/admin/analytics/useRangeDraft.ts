import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { isLocalDate } from '../../shared/schedule';

const DATE_FORMAT = 'YYYY-MM-DD';

const read = (date: string): Dayjs | null => (isLocalDate(date) ? dayjs(date) : null);

/** A picker's date as the API takes it, or null while it is empty or not a whole date. */
const write = (date: Dayjs | null): string | null =>
  date?.isValid() ? date.format(DATE_FORMAT) : null;

/**
 * The dates the pickers show. They are the view's until the user edits them; an edited range that
 * is not valid yet (being typed, or the end before the start) stays here and is not shown in the
 * address. When the address changes (Back, a link), the pickers follow it.
 */
export function useRangeDraft(from: string, to: string) {
  const [state, setState] = useState(() => ({
    from,
    to,
    draft: { from: read(from), to: read(to) },
  }));
  let current = state;
  if (from !== state.from || to !== state.to) {
    current = { from, to, draft: { from: read(from), to: read(to) } };
    setState(current);
  }
  const { draft } = current;
  /** Keeps the picker's date (whole or not) and returns the range as strings. */
  const change = (field: 'from' | 'to', date: Dayjs | null) => {
    const next = { ...draft, [field]: date };
    setState({ ...current, draft: next });
    return { from: write(next.from), to: write(next.to) };
  };
  return { draft, dates: { from: write(draft.from), to: write(draft.to) }, change };
}
