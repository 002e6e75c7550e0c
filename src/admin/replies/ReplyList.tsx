import { Chip, Link, Stack, Typography } from '@mui/material';
import { DataTable, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ApiInboundMessage } from '../../shared/responses/messages';
import { InboxActions, ReviewDecision } from '../inbox/InboxActions';
import { useMessages } from '../i18n';
import { DateTimeCol } from '../lists/DateTimeCol';
import { LinkButton } from '../lists/ListParts';
import { ListScreen } from '../lists/ListScreen';
import { TwoLineCell } from '../lists/TwoLineCell';
import { messagesListPath } from '../messages/messagePaths';
import { ReplyIntentChip } from './ReplyIntentChip';
import { replyFilters, replyTags } from './replyFilters';
import { SimulatedBy } from './SimulatedBy';

/**
 * /inbound-messages, the inbox: every reply phones sent, newest first, paged, sorted and filtered
 * on the server (new, mine, unassigned, needing review). Each is new until a staff member marks it
 * handled or replies; a reply that may ask to stop is decided here. Replies from numbers no
 * contact has are seen only here.
 */
export default function ReplyList() {
  const t = useMessages();
  return (
    <ListScreen
      list="replies"
      resource="inbound-messages"
      newestBy="receivedAt"
      action={<LinkButton to={messagesListPath()} text="replies.outboxLink" />}
      filters={replyFilters(t)}
      tags={replyTags(t)}
      rowClick={false}
    >
      <DateTimeCol source="receivedAt" />
      <DataTable.Col source="fromPhone" />
      <DataTable.Col source="contactName" field={Sender} />
      <DataTable.Col source="body" disableSort field={Body} />
      <DataTable.Col
        source="intent"
        disableSort
        render={(reply: ApiInboundMessage) => (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <ReplyIntentChip intent={reply.intent} />
            <SimulatedBy message={reply} />
            <ReviewDecision reply={reply} />
          </Stack>
        )}
      />
      <DataTable.Col source="state" disableSort field={State} />
      <DataTable.Col
        source="assigneeName"
        disableSort
        render={(reply: ApiInboundMessage) =>
          reply.assigneeName ?? (
            <Typography variant="body2" color="text.secondary">
              {t('replies.inbox.unassigned')}
            </Typography>
          )
        }
      />
      <DataTable.Col
        label={t('replies.inbox.actions')}
        disableSort
        render={(reply: ApiInboundMessage) => <InboxActions reply={reply} />}
      />
    </ListScreen>
  );
}

/** The contact whose phone sent the reply, opening their page (and conversation). */
function Sender() {
  const t = useMessages();
  const reply = useRecordContext<ApiInboundMessage>();
  if (!reply) return null;
  if (!reply.contactId) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('replies.unknownNumber')}
      </Typography>
    );
  }
  return (
    <Link component={RouterLink} to={`/contacts/${encodeURIComponent(reply.contactId)}`}>
      {reply.contactName ?? reply.fromPhone}
    </Link>
  );
}

/** The text as sent (line breaks kept, long words wrapped), and how many media came with it. */
function Body() {
  const t = useMessages();
  const reply = useRecordContext<ApiInboundMessage>();
  if (!reply) return null;
  return (
    <TwoLineCell
      text
      main={reply.body}
      below={
        reply.mediaUrls.length > 0 && t('replies.media', { smart_count: reply.mediaUrls.length })
      }
    />
  );
}

/** New, or handled (and by whom: a staff member, or Tidings itself for a keyword it answered). */
function State() {
  const t = useMessages();
  const reply = useRecordContext<ApiInboundMessage>();
  if (!reply) return null;
  const by = reply.handledByName
    ? t('replies.inbox.handledBy', { staff: reply.handledByName })
    : t('replies.inbox.handledByTidings');
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        label={t(`replies.inbox.states.${reply.state}`)}
        color={reply.state === 'new' ? 'primary' : 'default'}
        variant={reply.state === 'new' ? 'filled' : 'outlined'}
      />
      {reply.state === 'handled' && (
        <Typography variant="caption" color="text.secondary">
          {by}
        </Typography>
      )}
    </Stack>
  );
}
