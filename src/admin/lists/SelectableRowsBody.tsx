import { useLayoutEffect, useRef } from 'react';
import { DataTableBody, type DataTableBodyProps } from 'react-admin';

/**
 * The body of a DataTable whose rows can be selected. react-admin 5.15's row checkbox passes its
 * name ('Select this row') to MUI's Checkbox, which puts it on the span around the input: ARIA
 * allows no name there, and the checkbox itself is left without one (axe: aria-prohibited-attr,
 * label; WCAG 4.1.2). After each render of the rows, the name moves to the input. React does not
 * put it back: it sets an attribute only when the prop changes, and this one never does.
 */
export function SelectableRowsBody(props: DataTableBodyProps) {
  const ref = useRef<HTMLTableSectionElement>(null);
  useLayoutEffect(() => {
    for (const box of ref.current?.querySelectorAll('.select-item[aria-label]') ?? []) {
      box.querySelector('input')?.setAttribute('aria-label', box.getAttribute('aria-label')!);
      box.removeAttribute('aria-label');
    }
  });
  return <DataTableBody {...props} ref={ref} />;
}
