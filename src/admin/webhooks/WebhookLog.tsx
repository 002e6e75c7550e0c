import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { DataTable, ListBase, Pagination, useListContext, type SortPayload } from 'react-admin';
import type { Webhook, WebhookAttempt } from '../../shared/responses/webhooks';
import { formatCount, formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { EmptyList } from '../lists/ListParts';
import { recordErrorMessage } from '../lists/listErrors';
import { PanelCard } from '../lists/PanelCard';
import { WEBHOOK_ATTEMPTS } from '../providers/webhookAttemptsResource';
import { attemptOutcome, latestAttempts } from './attemptOutcome';
import { ResendButton } from './ResendButton';
import { SendTestButton } from './SendTestButton';

const NEWEST_FIRST: SortPayload = { field: 'at', order: 'DESC' };
/**
 * After a test or a resend, the log asks again this often until a new call shows in it, for at
 * most FOLLOW_FOR_MS: the worker makes the call within a second or two.
 */
const FOLLOW_EVERY_MS = 1_000;
const FOLLOW_FOR_MS = 15_000;

/** Waiting for the log to grow past `total`, until `until`. */
interface Follow {
  total: number;
  until: number;
}

/**
 * The endpoint's delivery log: every call Tidings made to it, newest first, a page at a time from
 * the server, with 'Send test event', 'Refresh' and a 'Resend' on each call.
 */
export function WebhookLog({ webhook }: { webhook: Webhook }) {
  const filter = useMemo(() => ({ webhookId: webhook.id }), [webhook.id]);
  const [follow, setFollow] = useState<Follow | null>(null);
  const refetchInterval = (query: { state: { data?: { total?: number } } }) =>
    follow && Date.now() < follow.until && (query.state.data?.total ?? 0) <= follow.total
      ? FOLLOW_EVERY_MS
      : false;
  return (
    <ListBase
      resource={WEBHOOK_ATTEMPTS}
      filter={filter}
      sort={NEWEST_FIRST}
      perPage={25}
      // The endpoint's address stays /webhooks/{id}: the log's paging is its own.
      disableSyncWithLocation
      // The log shows load failures itself, with 'Try Again'.
      queryOptions={{ onError: () => undefined, refetchInterval }}
    >
      <LogCard
        webhook={webhook}
        onQueued={(total) => setFollow({ total, until: Date.now() + FOLLOW_FOR_MS })}
      />
    </ListBase>
  );
}

function LogCard({ webhook, onQueued }: { webhook: Webhook; onQueued: (total: number) => void }) {
  const t = useMessages();
  const { total, refetch } = useListContext<WebhookAttempt>();
  const queued = () => {
    onQueued(total ?? 0);
    void refetch();
  };
  return (
    <PanelCard
      title={t('webhooks.log.title')}
      action={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button startIcon={<RefreshIcon />} onClick={() => void refetch()}>
            {t('webhooks.log.refresh')}
          </Button>
          <SendTestButton webhook={webhook} onSent={queued} />
        </Stack>
      }
    >
      <LogTable webhookId={webhook.id} onQueued={queued} />
    </PanelCard>
  );
}

function LogTable({ webhookId, onQueued }: { webhookId: string; onQueued: () => void }) {
  const t = useMessages();
  const { data, error, refetch } = useListContext<WebhookAttempt>();
  const latest = useMemo(() => latestAttempts(data ?? []), [data]);
  if (error) {
    return (
      <ErrorBanner
        message={recordErrorMessage(error, {
          fetch: t('webhooks.log.fetchFailed'),
          load: t('webhooks.log.loadFailed'),
        })}
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('app.tryAgain')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <DataTable
        rowClick={false}
        bulkActionButtons={false}
        empty={<EmptyList text={t('webhooks.log.empty')} />}
      >
        <DataTable.Col
          source="at"
          label={t('webhooks.log.at')}
          render={(attempt: WebhookAttempt) => formatDateTime(attempt.at)}
        />
        <DataTable.Col
          source="eventType"
          label={t('webhooks.log.event')}
          disableSort
          render={(attempt: WebhookAttempt) => (
            <Typography variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
              {attempt.eventType}
            </Typography>
          )}
        />
        <DataTable.Col
          source="eventId"
          label={t('webhooks.log.eventId')}
          disableSort
          render={(attempt: WebhookAttempt) => (
            // Where the column is narrow, the id breaks at its hyphens.
            <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
              {attempt.eventId}
            </Typography>
          )}
        />
        <DataTable.NumberCol source="attempt" label={t('webhooks.log.attempt')} disableSort />
        <DataTable.Col
          source="statusCode"
          label={t('webhooks.log.response')}
          disableSort
          render={(attempt: WebhookAttempt) =>
            attempt.statusCode === null ? t('webhooks.log.noResponse') : String(attempt.statusCode)
          }
        />
        <DataTable.Col
          source="durationMs"
          label={t('webhooks.log.duration')}
          disableSort
          render={(attempt: WebhookAttempt) =>
            t('webhooks.log.durationMs', { ms: formatCount(attempt.durationMs) })
          }
        />
        <DataTable.Col
          source="outcome"
          label={t('webhooks.log.outcome')}
          disableSort
          render={(attempt: WebhookAttempt) => (
            <Box>
              <Typography variant="body2" color={attempt.succeeded ? 'success.main' : 'error.main'}>
                {attemptOutcome(t, attempt, latest.has(attempt.id))}
              </Typography>
              {attempt.error && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {attempt.error}
                </Typography>
              )}
            </Box>
          )}
        />
        <DataTable.Col
          label={t('webhooks.resend')}
          disableSort
          render={(attempt: WebhookAttempt) => (
            <ResendButton webhookId={webhookId} attempt={attempt} onQueued={onQueued} />
          )}
        />
      </DataTable>
      <Pagination />
    </>
  );
}
