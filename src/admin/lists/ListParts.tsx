import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Pagination, useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useMessages, type MessageKey } from '../i18n';
import { messages } from '../../shared/messages';
import { LoadError } from './LoadError';
import type { ListResource } from './listErrors';

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

/** The card above a list: its filters, and the active ones as removable tags below. */
export function FilterCard({ children }: { children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>{children}</CardContent>
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

/** A header action that opens another screen: 'Create New Product', 'Messages sent'. */
export function LinkButton({
  to,
  text,
  primary = false,
}: {
  to: string;
  text: MessageKey;
  /** The page's main action (create), filled; a link to a related list is plain. */
  primary?: boolean;
}) {
  const t = useMessages();
  return (
    <Button variant={primary ? 'contained' : 'text'} component={RouterLink} to={to}>
      {t(text)}
    </Button>
  );
}
