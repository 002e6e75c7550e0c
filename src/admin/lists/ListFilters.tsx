import { styled } from '@mui/material';
import { cloneElement, type ReactElement } from 'react';
import { FilterFormBase, FilterLiveForm } from 'react-admin';
import { SEARCH_DELAY_MS } from './useDebouncedValue';

/**
 * The filter inputs in a row that wraps, on one baseline: as react-admin's FilterForm, no input
 * keeps room for a helper text (a reference input's inner input would).
 */
const FilterRow = styled('form')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  rowGap: theme.spacing(2),
  '& .MuiFormControl-root': { margin: 0 },
  '& .MuiFormHelperText-root': { display: 'none' },
}));

/**
 * A list's filter inputs (react-admin's), applied as the user changes them. This is react-admin's
 * FilterForm taken apart only to set its delay: FilterForm's live form waits 500 ms and takes no
 * `debounce` (ListBase's `debounce` times only `setFilters(…, true)`), and the console's search
 * boxes all send once the user has paused SEARCH_DELAY_MS. Every filter is shown: the console's
 * lists have no 'Add filter' menu.
 */
export function ListFilters({ filters }: { filters: ReactElement<{ source: string }>[] }) {
  return (
    <FilterLiveForm debounce={SEARCH_DELAY_MS} formComponent={FilterRow}>
      <FilterFormBase
        filters={filters.map((filter) =>
          cloneElement(filter as ReactElement<{ alwaysOn?: boolean }>, { alwaysOn: true }),
        )}
      />
    </FilterLiveForm>
  );
}
