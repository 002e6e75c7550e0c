import type { Dayjs } from 'dayjs';
import { useState } from 'react';

/** What the form holds while a picker shows a date or time that is not complete or not real. */
export const INCOMPLETE = 'incomplete';

/**
 * A picker's value for a form value kept as a string ('2027-03-13', '09:00'). The picker keeps its
 * own Dayjs while the user types, since an incomplete one turned into a string and back would wipe
 * the sections typed so far; the form gets INCOMPLETE then, which the schema refuses. A new value
 * from outside (a reset) replaces the picker's.
 */
export function usePickerValue(
  stored: string | null,
  parse: (value: string) => Dayjs,
  format: (value: Dayjs) => string,
) {
  const read = (value: string | null) => (value && value !== INCOMPLETE ? parse(value) : null);
  const [state, setState] = useState(() => ({ stored, value: read(stored) }));
  let current = state;
  if (stored !== state.stored) {
    current = { stored, value: read(stored) };
    setState(current);
  }
  /** Keeps the picker's value and returns the string for the form. */
  const change = (value: Dayjs | null): string | null => {
    const next = value === null ? null : value.isValid() ? format(value) : INCOMPLETE;
    setState({ stored: next, value });
    return next;
  };
  return [current.value, change] as const;
}
