import { Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ShowBase, useShowContext } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { ApiMessageDetail } from '../../shared/responses/messages';
import { RecordLoadError } from '../forms/RecordLoadError';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { PageHeader } from '../lists/ListParts';
import { recordErrorMessage } from '../lists/listErrors';
import { LinkOpens } from './LinkOpens';
import { MessageHistory } from './MessageHistory';
import { messagesListPath } from './messagePaths';
import { MessageStatusChip } from './MessageStatusChip';
import { RetryMessageButton } from './RetryMessageButton';

/** A label and its value, as a row of the description list. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

const route = (to: string, text: ReactNode) => (
  <Link component={RouterLink} to={to}>
    {text}
  </Link>
);

function MessageDetails({ message }: { message: ApiMessageDetail }) {
  const t = useMessages();
  const none = t('delivery.none');
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
        columnGap: 2,
        rowGap: 1.5,
        m: 0,
      }}
    >
      <Detail label={t('delivery.fields.status')}>
        <MessageStatusChip status={message.status} />
      </Detail>
      <Detail label={t('delivery.fields.recipient')}>
        <Stack component="span">
          {message.contactId &&
            route(`/contacts/${message.contactId}`, message.contactName ?? message.contactId)}
          <span>{message.toPhone}</span>
        </Stack>
      </Detail>
      <Detail label={t('delivery.fields.program')}>
        {message.programId
          ? route(`/programs/${message.programId}`, message.programName ?? message.programId)
          : none}
      </Detail>
      <Detail label={t('delivery.fields.day')}>
        {message.programId && message.day !== null
          ? route(
              messagesListPath({ programId: message.programId, day: message.day }),
              t('products.dayTitles.day', { n: message.day }),
            )
          : none}
      </Detail>
      <Detail label={t('delivery.fields.kind')}>{t(`delivery.kinds.${message.kind}`)}</Detail>
      <Detail label={t('delivery.fields.body')}>
        <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
          {message.body}
        </Box>
      </Detail>
      <Detail label={t('delivery.fields.media')}>
        {message.mediaUrl ? (
          <Link href={message.mediaUrl} target="_blank" rel="noopener noreferrer">
            {t('delivery.openMedia')}
          </Link>
        ) : (
          none
        )}
      </Detail>
      {message.linkOpens && (
        <Detail label={t('delivery.fields.linkOpens')}>
          <LinkOpens opens={message.linkOpens} />
        </Detail>
      )}
      <Detail label={t('delivery.fields.segments')}>{message.segments}</Detail>
      <Detail label={t('delivery.fields.attempts')}>{message.attempts}</Detail>
      <Detail label={t('delivery.fields.sendAfter')}>{formatDateTime(message.sendAfter)}</Detail>
      <Detail label={t('delivery.fields.sentAt')}>
        {message.sentAt ? formatDateTime(message.sentAt) : none}
      </Detail>
      <Detail label={t('delivery.fields.deliveredAt')}>
        {message.deliveredAt ? formatDateTime(message.deliveredAt) : none}
      </Detail>
      <Detail label={t('delivery.fields.providerMessageId')}>
        {message.providerMessageId ?? none}
      </Detail>
      <Detail label={t('delivery.fields.errorCode')}>{message.errorCode ?? none}</Detail>
      <Detail label={t('delivery.fields.errorMessage')}>{message.errorMessage ?? none}</Detail>
    </Box>
  );
}

function MessageShowView() {
  const t = useMessages();
  const { record, isPending, error } = useShowContext<ApiMessageDetail>();
  if (isPending) return <LoadingPage label={t('delivery.loading')} />;
  if (error || !record) {
    return (
      <RecordLoadError
        title={t('delivery.detailTitle')}
        message={recordErrorMessage(error, {
          fetch: t('delivery.errors.fetch'),
          load: t('delivery.errors.load'),
        })}
        backTo="/messages"
        backLabel={t('delivery.back')}
      />
    );
  }
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title={t('delivery.detailTitle')}
        action={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/messages">
              {t('delivery.back')}
            </Button>
            <RetryMessageButton message={record} />
          </Stack>
        }
      />
      <Stack spacing={2}>
        <Card variant="outlined">
          <CardContent>
            <MessageDetails message={record} />
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-label={t('delivery.historyTitle')}>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('delivery.historyTitle')}
            </Typography>
            <MessageHistory history={record.history ?? []} />
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}

/** /messages/{id}: one message, everything known about it, its history, and Retry for admins. */
export default function MessageShow() {
  const { id } = useParams();
  return (
    <ShowBase
      resource="messages"
      id={id}
      // The view shows load failures itself, with 'Back to Messages'.
      queryOptions={{ onError: () => undefined, retry: false }}
    >
      <MessageShowView />
    </ShowBase>
  );
}
