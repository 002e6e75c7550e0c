import {
  Box,
  Card,
  CardContent,
  CircularProgress,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useGetList, type Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { RECENT_MESSAGES_SHOWN } from '../../shared/constants';
import type { ApiMessage } from '../../shared/types';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { recordErrorMessage } from '../lists/listErrors';
import { messagePath, messagesListPath } from '../messages/messagePaths';
import { MessageStatusChip } from '../messages/MessageStatusChip';
import { errorText } from '../messages/messageText';

const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;

function MessageItem({ message }: { message: ApiMessage }) {
  const t = useMessages();
  const what = message.programName
    ? `${message.programName} · ${t('products.dayTitles.day', { n: message.day ?? 0 })}`
    : t(`delivery.kinds.${message.kind}`);
  const error = errorText(message);
  return (
    <ListItemButton component={RouterLink} to={messagePath(message.id)} divider>
      <ListItemText
        primary={what}
        secondary={
          error
            ? `${formatDateTime(message.createdAt)} · ${error}`
            : formatDateTime(message.createdAt)
        }
      />
      <MessageStatusChip status={message.status} focusable={false} />
    </ListItemButton>
  );
}

/**
 * The contact's latest messages, newest first, each opening its message, and a link to all of
 * them in the messages list.
 */
export function RecentMessages({ contactId }: { contactId: Identifier }) {
  const t = useMessages();
  const { data, total, error, isPending } = useGetList<ApiMessage>(
    'messages',
    {
      filter: { contactId },
      pagination: { page: 1, perPage: RECENT_MESSAGES_SHOWN },
      sort: NEWEST_FIRST,
    },
    { retry: false },
  );
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={t('delivery.recent.title')}
      sx={{ mt: 3 }}
    >
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <Typography variant="h6" component="h2">
            {t('delivery.recent.title')}
          </Typography>
          {total ? (
            <Link component={RouterLink} to={messagesListPath({ contactId: String(contactId) })}>
              {`${t('delivery.recent.all')} (${total})`}
            </Link>
          ) : null}
        </Box>
        {isPending ? (
          <CircularProgress size={24} aria-label={t('app.loading')} />
        ) : error ? (
          <ErrorBanner
            message={recordErrorMessage(error, {
              fetch: t('delivery.recent.loadFailed'),
              load: t('delivery.recent.loadFailed'),
            })}
          />
        ) : data.length === 0 ? (
          <Typography color="text.secondary">{t('delivery.recent.empty')}</Typography>
        ) : (
          <List disablePadding>
            {data.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
