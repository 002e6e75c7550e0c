import { useEffect, useState } from 'react';

/** A search is sent once the user pauses typing this long, not on every key. */
export const SEARCH_DELAY_MS = 300;

/**
 * `value` once it has stayed the same for `ms`: every search box of the console (the lists, a
 * pod's members and its add-members list, the program's pods) asks the server only then.
 */
export function useDebouncedValue<T>(value: T, ms: number = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
