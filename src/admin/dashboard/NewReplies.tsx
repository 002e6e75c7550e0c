import { Link, List, ListItemButton, Stack, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ApiInboundMessage } from '../../shared/responses/messages';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { NEW_REPLIES_PATH } from '../inbox/InboxButton';
import { useInboxCounts } from '../inbox/inboxQueries';
import { PanelCard } from '../lists/PanelCard';
import { ReplyIntentChip } from '../replies/ReplyIntentChip';

/** How many new replies the dashboard lists; the inbox has the rest. */
const SHOWN = 5;

const contactPath = (reply: ApiInboundMessage) =>
  reply.contactId ? `/contacts/${encodeURIComponent(reply.contactId)}` : NEW_REPLIES_PATH;

/**
 * The newest replies waiting in the inbox, each opening its contact's conversation (where the
 * reply box is), and how many may be requests to stop.
 */
export function NewReplies() {
  const t = useMessages();
  const counts = useInboxCounts().data;
  const { data, isPending } = useGetList<ApiInboundMessage>('inbound-messages', {
    filter: { state: 'new' },
    sort: { field: 'receivedAt', order: 'DESC' },
    pagination: { page: 1, perPage: SHOWN },
  });
  return (
    <PanelCard
      title={t('dashboard.inbox.title')}
      action={
        <Link component={RouterLink} to={NEW_REPLIES_PATH}>
          {t('dashboard.inbox.all', { smart_count: counts?.new ?? 0 })}
        </Link>
      }
    >
      {counts && counts.needsReview > 0 && (
        <Typography variant="body2" color="warning.dark" sx={{ mb: 1 }}>
          {t('dashboard.inbox.needsReview', { smart_count: counts.needsReview })}
        </Typography>
      )}
      {!isPending && (data?.length ?? 0) === 0 ? (
        <Typography color="text.secondary">{t('dashboard.inbox.empty')}</Typography>
      ) : (
        <List dense disablePadding>
          {data?.map((reply) => (
            <li key={reply.id}>
              <ListItemButton
                component={RouterLink}
                to={contactPath(reply)}
                sx={{ px: 1, borderRadius: 1, display: 'block' }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" fontWeight={500}>
                    {reply.contactName ?? reply.fromPhone}
                  </Typography>
                  <ReplyIntentChip intent={reply.intent} />
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto !important' }}>
                    {formatDateTime(reply.receivedAt)}
                  </Typography>
                </Stack>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {reply.body}
                </Typography>
              </ListItemButton>
            </li>
          ))}
        </List>
      )}
    </PanelCard>
  );
}
