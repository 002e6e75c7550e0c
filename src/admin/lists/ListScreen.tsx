import type { ReactElement, ReactNode } from 'react';
import { DataTable, ListBase, useListContext, type DataTableProps } from 'react-admin';
import { useMessages } from '../i18n';
import { FilterTags, type TagTexts } from './FilterTags';
import { searchFilter } from './filterInputs';
import { ListFilters } from './ListFilters';
import { EmptyList, FilterCard, ListCard, PageHeader } from './ListParts';
import type { ListResource } from './listErrors';
import { LIST_TEXTS, type ListTexts } from './listTexts';
import { useStatusFilter, type StatusList } from './useStatusFilter';

interface ListScreenBaseProps extends Pick<
  DataTableProps,
  'rowClick' | 'isRowSelectable' | 'bulkActionButtons' | 'body'
> {
  /** The react-admin resource, when not the list's name; labels are `resources.<it>.fields.*`. */
  resource?: string;
  /** The time field 'newest first' sorts by. */
  newestBy?: string;
  /** The header's action: the create button, or a link to the related list. */
  action?: ReactNode;
  /** What stands between the header and the filters (banners, progress). */
  notices?: ReactNode;
  /** Whether the list has the search box (`q`); the messages list has none. */
  search?: boolean;
  /** react-admin inputs, each on its filter's `source`, after the search; the status follows the first. */
  filters?: ReactElement<{ source: string }>[];
  /** The tags of the filters; the search's and the status's are the list's own. */
  tags?: TagTexts;
  /** The table's columns. */
  children: ReactNode;
}

/**
 * Which list: it names the texts (title, 'Showing X of Y …', empty states, load errors). A list
 * whose rows have a status names them, and filters by them.
 */
export type ListScreenProps = ListScreenBaseProps &
  (
    | { list: StatusList; statuses?: readonly string[] }
    | { list: Exclude<ListResource, StatusList>; statuses?: never }
  );

/**
 * A list screen as the spec describes every list (shared list behaviour): the title with its
 * action, the filters with their removable tags and Clear, 'Showing X of Y {items}', the table,
 * pagination, the empty state, and a load error with 'Try Again'. Pages, sorts and filters on the
 * server: 25 a page, newest first (default sort createdAt descending; a list whose rows have no
 * createdAt names its own time field). A screen declares only its action, statuses, filters, tags
 * and columns.
 */
export function ListScreen({
  list,
  resource = list,
  newestBy = 'createdAt',
  action,
  notices,
  search = true,
  statuses,
  filters = [],
  tags = {},
  children,
  bulkActionButtons = false,
  ...table
}: ListScreenProps) {
  const t = useMessages();
  const texts = LIST_TEXTS[list];
  // Only a StatusList has `statuses`: the other lists get no status filter.
  const status = useStatusFilter(list as StatusList, statuses);
  const searchTag: TagTexts = search ? { q: (q) => t('lists.searchTag', { q }) } : {};
  // The status select follows the list's first own filter (the spec's 'role filter, status
  // filter'; programs' offering, then status), and the tags keep the inputs' order.
  const inputs = [
    ...(search ? [searchFilter] : []),
    ...filters.slice(0, 1),
    ...status.inputs,
    ...filters.slice(1),
  ];
  const tagTexts = inInputOrder({ ...searchTag, ...tags, ...status.tags }, inputs);
  return (
    <ListBase
      resource={resource}
      sort={{ field: newestBy, order: 'DESC' }}
      perPage={25}
      // The view shows load errors itself, with 'Try Again' (ListCard).
      queryOptions={{ onError: () => undefined }}
    >
      <PageHeader title={t(texts.title)} action={action} />
      {notices}
      {/* A list with nothing to filter by (API keys) has no filter card. */}
      {inputs.length > 0 && (
        <FilterCard>
          <ListFilters filters={inputs} />
          <FilterTags texts={tagTexts} />
        </FilterCard>
      )}
      <ListCard resource={list} items={t(texts.items)}>
        <DataTable
          bulkActionButtons={bulkActionButtons}
          empty={<EmptyState texts={texts} />}
          {...table}
        >
          {children}
        </DataTable>
      </ListCard>
    </ListBase>
  );
}

/** The tags in the order of their inputs; tags of filters with no input (set by a link) last. */
function inInputOrder(texts: TagTexts, inputs: ReactElement<{ source: string }>[]): TagTexts {
  const sources = inputs.map((input) => input.props.source).filter((source) => source in texts);
  return Object.fromEntries(
    [...new Set([...sources, ...Object.keys(texts)])].map((source) => [source, texts[source]!]),
  );
}

function EmptyState({ texts }: { texts: ListTexts }) {
  const t = useMessages();
  const { filterValues } = useListContext();
  const filtered = Object.keys(filterValues).length > 0 && texts.emptyFiltered;
  return <EmptyList text={t(filtered || texts.empty)} />;
}
