import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { ListBase, Pagination, useListContext } from 'react-admin';
import { useMessages } from '../i18n';
import { messages } from '../../shared/messages';
import { LoadError } from './LoadError';
import type { ListResource } from './listErrors';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * A list that pages, sorts and filters on the server: 25 a page, newest first (spec: default sort
 * createdAt descending; a list whose rows have no createdAt names its own time field). The view
 * shows load errors itself, with 'Try Again' (`ListCard`).
 */
export function ServerList({
  resource,
  newestBy = 'createdAt',
  children,
}: {
  resource: string;
  newestBy?: string;
  children: ReactNode;
}) {
  return (
    <ListBase
      resource={resource}
      sort={{ field: newestBy, order: 'DESC' }}
      perPage={25}
      queryOptions={{ onError: () => undefined }}
    >
      {children}
    </ListBase>
  );
}

/** Counts as en-US shows them: 20,201. */
const COUNT = new Intl.NumberFormat('en-US');

/** 'Showing X of Y products' (spec: shared list behaviour). */
export function ListSummary({ items }: { items: string }) {
  const t = useMessages();
  const { data, total, isPending } = useListContext();
  if (isPending || total === undefined) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ my: 1 }} role="status">
      {t('lists.showing', {
        shown: COUNT.format(data?.length ?? 0),
        total: COUNT.format(total),
        items,
      })}
    </Typography>
  );
}

/** Page title with the page's main action beside it. */
export function PageHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mb: 2,
        flexWrap: 'wrap',
      }}
    >
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {action}
    </Box>
  );
}

/** Search box bound to the list's `q` filter, applied after the user pauses typing. */
export function SearchFilter({ label }: { label: string }) {
  const { filterValues, setFilters } = useListContext();
  const current = (filterValues.q as string | undefined) ?? '';
  const [text, setText] = useState(current);
  // When the filter changes elsewhere (a tag removed, Clear), show it in the box.
  const [shown, setShown] = useState(current);
  if (current !== shown) {
    setShown(current);
    setText(current);
  }
  const settled = useDebouncedValue(text);
  useEffect(() => {
    // Only a search the user has paused on (not one replaced since, e.g. by Clear) is applied.
    if (settled !== text || settled === current) return;
    const { q: _q, ...rest } = filterValues;
    setFilters(settled.trim() ? { ...rest, q: settled } : rest, undefined, false);
  }, [settled, text, current, filterValues, setFilters]);
  return (
    <TextField
      type="search"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      fullWidth={false}
      sx={{ flex: '1 1 260px', maxWidth: 420 }}
    />
  );
}

/** A select bound to one list filter; its first option ('All …') removes the filter. */
export function SelectFilter({
  source,
  label,
  allLabel,
  options,
}: {
  source: string;
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  const { filterValues, setFilters } = useListContext();
  const value = (filterValues[source] as string | undefined) ?? '';
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => {
        const { [source]: _previous, ...rest } = filterValues;
        setFilters(
          event.target.value ? { ...rest, [source]: event.target.value } : rest,
          undefined,
          false,
        );
      }}
      fullWidth={false}
      sx={{ width: 200 }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface FilterTag {
  key: string;
  label: string;
}

/**
 * The tags of the active filters: for each filter the list knows, how to name its value
 * ('Status: Archived'). Filters with no value have no tag.
 */
export function useFilterTags(describe: Record<string, (value: string) => string>): FilterTag[] {
  const { filterValues } = useListContext();
  return Object.entries(describe).flatMap(([key, label]) => {
    const value = filterValues[key] as string | undefined;
    return value ? [{ key, label: label(value) }] : [];
  });
}

/** The active filters as removable tags, and a Clear button that removes them all. */
export function FilterTags({ tags }: { tags: FilterTag[] }) {
  const t = useMessages();
  const { filterValues, setFilters } = useListContext();
  if (tags.length === 0) return null;
  const remove = (key: string) => {
    const { [key]: _removed, ...rest } = filterValues;
    setFilters(rest, undefined, false);
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}
      useFlexGap
    >
      {tags.map((tag) => (
        <Chip key={tag.key} label={tag.label} onDelete={() => remove(tag.key)} />
      ))}
      <Button size="small" onClick={() => setFilters({}, undefined, false)}>
        {t('lists.clear')}
      </Button>
    </Stack>
  );
}

/** A failed list load: what went wrong and 'Try Again', dismissible like every error. */
export function ListLoadError({ error, resource }: { error: unknown; resource: ListResource }) {
  const { refetch, isFetching } = useListContext();
  return (
    <LoadError
      error={error}
      texts={{
        fetch: messages.lists.fetchFailed[resource],
        load: messages.lists.loadFailed[resource],
      }}
      onRetry={refetch}
      retrying={isFetching}
    />
  );
}

/** The empty state of a list. */
export function EmptyList({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}

/** The card above a list: its filters in a row, and the active ones as removable tags below. */
export function FilterCard({ tags, children }: { tags: FilterTag[]; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {children}
        </Stack>
        <FilterTags tags={tags} />
      </CardContent>
    </Card>
  );
}

/**
 * The list itself: 'Showing X of Y {items}' above the table, or the load error with 'Try Again'
 * in its place (spec: shared list behaviour).
 */
export function ListCard({
  resource,
  items,
  children,
}: {
  resource: ListResource;
  items: string;
  children: ReactNode;
}) {
  const { error } = useListContext();
  if (error) return <ListLoadError error={error} resource={resource} />;
  return (
    <Card variant="outlined">
      <CardContent sx={{ pb: 0 }}>
        <ListSummary items={items} />
      </CardContent>
      {children}
      <Pagination />
    </Card>
  );
}
