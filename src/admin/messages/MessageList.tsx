import { Box, Button, Typography } from '@mui/material';
import { DataTable, FilterForm, useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { MessageKind, MessageStatus } from '../../shared/delivery';
import type { ApiMessage } from '../../shared/responses/messages';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import {
  EmptyList,
  FilterCard,
  ListCard,
  PageHeader,
  ServerList,
  useFilterTags,
} from '../lists/ListParts';
import { REPLIES_PATH } from '../replies';
import { messageFilters } from './messageFilters';
import { messagePath } from './messagePaths';
import { MessageStatusChip } from './MessageStatusChip';
import { errorText } from './messageText';

/** Time filters without an input of their own: links set them, their tags name and remove them. */
const TIME_FILTERS = [
  'sentFrom',
  'sentBefore',
  'dueBefore',
  'updatedFrom',
  'updatedBefore',
] as const;

/**
 * /messages: the outbox, read-only. Filtered by program, contact, status, kind, day and dates
 * (the Deliveries panel and the contact page link here with theirs), paged and sorted on the server.
 */
export default function MessageList() {
  return (
    <ServerList resource="messages">
      <MessageListView />
    </ServerList>
  );
}

function MessageListView() {
  const t = useMessages();
  const { filterValues } = useListContext();
  // The program and contact inputs name what they filter on; tags name the others.
  const tags = useFilterTags({
    status: (statuses) =>
      `${t('delivery.fields.status')}: ${String(statuses)
        .split(',')
        .map((status) => t(`delivery.statuses.${status as MessageStatus}`))
        .join(', ')}`,
    kind: (kind) => `${t('delivery.fields.kind')}: ${t(`delivery.kinds.${kind as MessageKind}`)}`,
    day: (day) => t('delivery.dayFilterTag', { day }),
    from: (from) => `${t('delivery.fields.from')}: ${from}`,
    to: (to) => `${t('delivery.fields.to')}: ${to}`,
    // The dashboard's links: instants, shown as the console shows times (Los Angeles).
    ...Object.fromEntries(
      TIME_FILTERS.map((name) => [
        name,
        (value: string) => `${t(`delivery.fields.${name}`)}: ${formatDateTime(value)}`,
      ]),
    ),
  });
  const filtered = Object.keys(filterValues).length > 0;

  return (
    <>
      <PageHeader
        title={t('delivery.title')}
        action={
          <Button component={RouterLink} to={REPLIES_PATH}>
            {t('replies.link')}
          </Button>
        }
      />
      <FilterCard tags={tags}>
        <FilterForm filters={messageFilters(t)} />
      </FilterCard>
      <ListCard resource="messages" items={t('delivery.items')}>
        <DataTable
          rowClick={(id) => messagePath(id)}
          bulkActionButtons={false}
          empty={
            <EmptyList
              text={filtered ? t('lists.empty.messagesFiltered') : t('lists.empty.messages')}
            />
          }
        >
          <DataTable.Col
            source="createdAt"
            label={t('delivery.fields.createdAt')}
            render={(message: ApiMessage) => formatDateTime(message.createdAt)}
          />
          <DataTable.Col
            source="sendAfter"
            label={t('delivery.fields.sendAfter')}
            render={(message: ApiMessage) => formatDateTime(message.sendAfter)}
          />
          <DataTable.Col
            source="contactName"
            label={t('delivery.fields.recipient')}
            disableSort
            render={(message: ApiMessage) => <Recipient message={message} />}
          />
          <DataTable.Col
            source="programName"
            label={t('delivery.fields.program')}
            disableSort
            render={(message: ApiMessage) => <ProgramDay message={message} />}
          />
          <DataTable.Col
            source="kind"
            label={t('delivery.fields.kind')}
            disableSort
            render={(message: ApiMessage) => t(`delivery.kinds.${message.kind}`)}
          />
          <DataTable.Col
            source="status"
            label={t('delivery.fields.status')}
            render={(message: ApiMessage) => <MessageStatusChip status={message.status} />}
          />
          <DataTable.Col
            source="errorMessage"
            label={t('delivery.fields.error')}
            disableSort
            render={(message: ApiMessage) => errorText(message) ?? ''}
          />
          <DataTable.NumberCol
            source="attempts"
            label={t('delivery.fields.attempts')}
            disableSort
          />
        </DataTable>
      </ListCard>
    </>
  );
}

function Recipient({ message }: { message: ApiMessage }) {
  return (
    <Box>
      {message.contactName && <Typography variant="body2">{message.contactName}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {message.toPhone}
      </Typography>
    </Box>
  );
}

function ProgramDay({ message }: { message: ApiMessage }) {
  const t = useMessages();
  if (!message.programName) return t('delivery.none');
  return (
    <Box>
      <Typography variant="body2">{message.programName}</Typography>
      {message.day !== null && (
        <Typography variant="body2" color="text.secondary">
          {t('products.dayTitles.day', { n: message.day })}
        </Typography>
      )}
    </Box>
  );
}
