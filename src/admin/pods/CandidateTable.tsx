import {
  Checkbox,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { SortPayload } from 'react-admin';
import type { ApiUser } from '../../shared/responses/users';
import { ContactRoleChip, ContactStatusChip } from '../contacts/ContactChips';
import { useMessages } from '../i18n';
import { canBeMember, isSelected, type CandidateSelection } from './candidateSelection';

/** Spec section 2: the add-members list scrolls in a box 400px high. */
export const LIST_HEIGHT = 400;
/** Every row has this height (cells do not wrap), so rows need no measuring. */
export const ROW_HEIGHT = 48;
/** Rows drawn beyond the visible ones, so a quick scroll does not show blank space. */
const OVERSCAN = 6;
/** The next page is asked for when the user scrolls within this many rows of the last loaded. */
const LOAD_AHEAD_ROWS = 30;

const SORTABLE = [
  { field: 'fullName', label: 'name', width: '24%' },
  { field: 'email', label: 'email', width: '28%' },
  { field: 'phone', label: 'phone', width: '18%' },
  { field: 'status', label: 'status', width: '14%' },
] as const;
const COLUMN_COUNT = SORTABLE.length + 2;

/** Cells keep one line, so every row is ROW_HEIGHT high. */
const cellSx = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export interface SelectAllState {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  label: string;
  onToggle: () => void;
}

/**
 * The candidates of the add-members modal: sortable headers, a select-all checkbox, and rows
 * drawn only while they are in view. Scrolling near the end of the loaded rows loads more.
 */
export function CandidateTable({
  rows,
  isPending,
  emptyText,
  hasMore,
  loadingMore,
  onLoadMore,
  selection,
  onToggle,
  selectAll,
  sort,
  onSort,
}: {
  rows: readonly ApiUser[];
  isPending: boolean;
  /** What an empty list says; none while a load error shows above it. */
  emptyText: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  selection: CandidateSelection;
  onToggle: (id: string) => void;
  selectAll: SelectAllState;
  sort: SortPayload;
  onSort: (field: string) => void;
}) {
  const t = useMessages();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer re-renders this component itself as the box scrolls; that the React Compiler
  // would leave the component unmemoized is what it needs.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    // One more row at the end while more can be loaded: it says 'Loading...' when reached.
    count: rows.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= rows.length - LOAD_AHEAD_ROWS) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, rows.length, onLoadMore]);

  // Blank rows above and below the drawn ones keep the scroll height of the whole list.
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;

  return (
    <TableContainer
      ref={scrollRef}
      sx={{ height: LIST_HEIGHT, overflow: 'auto', border: 1, borderColor: 'divider' }}
    >
      <Table stickyHeader size="small" sx={{ tableLayout: 'fixed', minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={selectAll.checked}
                indeterminate={selectAll.indeterminate}
                disabled={selectAll.disabled}
                onChange={selectAll.onToggle}
                slotProps={{ input: { 'aria-label': selectAll.label } }}
              />
            </TableCell>
            {SORTABLE.map((column) => (
              <TableCell
                key={column.field}
                sx={{ width: column.width }}
                sortDirection={
                  sort.field === column.field ? (sort.order === 'ASC' ? 'asc' : 'desc') : false
                }
              >
                <TableSortLabel
                  active={sort.field === column.field}
                  direction={sort.field === column.field && sort.order === 'DESC' ? 'desc' : 'asc'}
                  onClick={() => onSort(column.field)}
                >
                  {t(`contacts.fields.${column.label}`)}
                </TableSortLabel>
              </TableCell>
            ))}
            <TableCell>{t('contacts.fields.role')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {isPending ? (
            <MessageRow>
              <LinearProgress aria-label={t('app.loading')} />
            </MessageRow>
          ) : rows.length === 0 ? (
            emptyText && (
              <MessageRow>
                <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                  {emptyText}
                </Typography>
              </MessageRow>
            )
          ) : (
            <>
              {paddingTop > 0 && <SpacerRow height={paddingTop} />}
              {items.map((item) => {
                const contact = rows[item.index];
                if (!contact) {
                  return (
                    <TableRow key="more" sx={{ height: ROW_HEIGHT }}>
                      <TableCell colSpan={COLUMN_COUNT} sx={{ color: 'text.secondary' }}>
                        {t('app.loading')}
                      </TableCell>
                    </TableRow>
                  );
                }
                return (
                  <CandidateRow
                    // Pages are read by offset, so a contact may show twice if the list moved.
                    key={item.index}
                    contact={contact}
                    selected={isSelected(selection, contact)}
                    locked={selection.kind === 'allMatching'}
                    onToggle={onToggle}
                  />
                );
              })}
              {paddingBottom > 0 && <SpacerRow height={paddingBottom} />}
            </>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CandidateRow({
  contact,
  selected,
  locked,
  onToggle,
}: {
  contact: ApiUser;
  selected: boolean;
  /** While everything matching is selected, rows cannot be ticked one by one. */
  locked: boolean;
  onToggle: (id: string) => void;
}) {
  const t = useMessages();
  const nameId = useId();
  const enabled = canBeMember(contact) && !locked;
  return (
    <TableRow
      hover={enabled}
      selected={selected}
      onClick={enabled ? () => onToggle(contact.id) : undefined}
      sx={{ height: ROW_HEIGHT, cursor: enabled ? 'pointer' : undefined }}
    >
      <TableCell padding="checkbox">
        <Checkbox
          size="small"
          checked={selected}
          disabled={!enabled}
          // The row's click toggles it already.
          onClick={(event) => event.stopPropagation()}
          onChange={() => onToggle(contact.id)}
          slotProps={{ input: { 'aria-labelledby': nameId } }}
        />
      </TableCell>
      <TableCell id={nameId} sx={cellSx}>
        {contact.fullName}
      </TableCell>
      <TableCell sx={cellSx}>{contact.email}</TableCell>
      <TableCell sx={cellSx}>{contact.phone || t('pods.notProvided')}</TableCell>
      <TableCell sx={cellSx}>
        <ContactStatusChip status={contact.status} />
      </TableCell>
      <TableCell sx={cellSx}>
        <ContactRoleChip role={contact.role} />
      </TableCell>
    </TableRow>
  );
}

function MessageRow({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMN_COUNT} sx={{ borderBottom: 0 }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

function SpacerRow({ height }: { height: number }) {
  return <tr aria-hidden style={{ height }} />;
}
