import { useEffect, useState } from 'react';

/**
 * A search is sent once the user pauses typing this long, not on every key: the lists' filters
 * (ListFilters), a program's pods and the add-members list all wait this long.
 */
export const SEARCH_DELAY_MS = 300;

/**
 * `value` once it has stayed the same for `ms`: the add-members list's search box, which is not a
 * react-admin list (react-admin's filter form waits for the lists' boxes), asks the server only then.
 */
export function useDebouncedValue<T>(value: T, ms: number = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
