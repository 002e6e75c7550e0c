import { Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { DataTable, useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ApiInboundMessage } from '../../shared/responses/messages';
import { INBOUND_STATES } from '../../shared/consent';
import { INBOUND_INTENT_FILTERS } from '../../shared/validation/consent';
import { InboxActions, ReviewDecision } from '../inbox/InboxActions';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import {
  EmptyList,
  FilterCard,
  ListCard,
  PageHeader,
  SearchFilter,
  SelectFilter,
  ServerList,
  useFilterTags,
} from '../lists/ListParts';
import { messagesListPath } from '../messages/messagePaths';
import { ReplyIntentChip } from './ReplyIntentChip';
import { SimulatedBy } from './SimulatedBy';

type Translate = ReturnType<typeof useMessages>;
type IntentFilter = (typeof INBOUND_INTENT_FILTERS)[number];

/** The `matched` filter of GET /api/inbound-messages: is the phone a contact's? */
const NUMBERS = [
  { value: 'true', key: 'known' },
  { value: 'false', key: 'unknown' },
] as const;

const intentName = (t: Translate, intent: IntentFilter) =>
  intent === 'none' ? t('replies.noIntent') : t(`conversations.intents.${intent}`);

/** The `assigneeId` filter's choices: the signed-in staff member, or nobody. */
const ASSIGNEES = ['me', 'none'] as const;

/**
 * /inbound-messages, the inbox: every reply phones sent, newest first, paged, sorted and filtered
 * on the server (new, mine, unassigned, needing review). Each is new until a staff member marks it
 * handled or replies; a reply that may ask to stop is decided here. Replies from numbers no
 * contact has are seen only here.
 */
export default function ReplyList() {
  return (
    <ServerList resource="inbound-messages" newestBy="receivedAt">
      <ReplyListView />
    </ServerList>
  );
}

function ReplyListView() {
  const t = useMessages();
  const { filterValues } = useListContext();
  const tags = useFilterTags({
    q: (q) => t('replies.searchTag', { q }),
    intent: (intent) =>
      t('replies.filterTag', {
        name: t('replies.fields.intent'),
        value: intentName(t, intent as IntentFilter),
      }),
    matched: (matched) =>
      t('replies.filterTag', {
        name: t('replies.fields.from'),
        value: t(`replies.numbers.${matched === 'true' ? 'known' : 'unknown'}`),
      }),
    state: (state) =>
      t('replies.filterTag', {
        name: t('replies.inbox.state'),
        value: t(`replies.inbox.states.${state as 'new' | 'handled'}`),
      }),
    assigneeId: (assignee) =>
      t('replies.filterTag', {
        name: t('replies.inbox.assignee'),
        value: t(`replies.inbox.assignees.${assignee === 'none' ? 'none' : 'me'}`),
      }),
    review: () => t('replies.inbox.reviews.pending'),
  });
  const filtered = Object.keys(filterValues).length > 0;

  return (
    <>
      <PageHeader
        title={t('replies.title')}
        action={
          <Button component={RouterLink} to={messagesListPath()}>
            {t('replies.outboxLink')}
          </Button>
        }
      />
      <FilterCard tags={tags}>
        <SearchFilter label={t('replies.fields.search')} />
        <SelectFilter
          source="state"
          label={t('replies.inbox.state')}
          allLabel={t('replies.inbox.allStates')}
          options={INBOUND_STATES.map((state) => ({
            value: state,
            label: t(`replies.inbox.states.${state}`),
          }))}
        />
        <SelectFilter
          source="assigneeId"
          label={t('replies.inbox.assignee')}
          allLabel={t('replies.inbox.anyone')}
          options={ASSIGNEES.map((assignee) => ({
            value: assignee,
            label: t(`replies.inbox.assignees.${assignee}`),
          }))}
        />
        <SelectFilter
          source="review"
          label={t('replies.inbox.review')}
          allLabel={t('replies.inbox.allReviews')}
          options={[{ value: 'pending', label: t('replies.inbox.reviews.pending') }]}
        />
        <SelectFilter
          source="intent"
          label={t('replies.fields.intent')}
          allLabel={t('replies.allIntents')}
          options={INBOUND_INTENT_FILTERS.map((intent) => ({
            value: intent,
            label: intentName(t, intent),
          }))}
        />
        <SelectFilter
          source="matched"
          label={t('replies.fields.from')}
          allLabel={t('replies.allNumbers')}
          options={NUMBERS.map(({ value, key }) => ({
            value,
            label: t(`replies.numbers.${key}`),
          }))}
        />
      </FilterCard>
      <ListCard resource="replies" items={t('replies.items')}>
        <DataTable
          rowClick={false}
          bulkActionButtons={false}
          empty={<EmptyList text={filtered ? t('replies.emptyFiltered') : t('replies.empty')} />}
        >
          <DataTable.Col
            source="receivedAt"
            label={t('replies.fields.receivedAt')}
            render={(reply: ApiInboundMessage) => formatDateTime(reply.receivedAt)}
          />
          <DataTable.Col source="fromPhone" label={t('replies.fields.from')} />
          <DataTable.Col
            source="contactName"
            label={t('replies.fields.contact')}
            render={(reply: ApiInboundMessage) => <Sender reply={reply} />}
          />
          <DataTable.Col
            source="body"
            label={t('replies.fields.body')}
            disableSort
            render={(reply: ApiInboundMessage) => <Body reply={reply} />}
          />
          <DataTable.Col
            source="intent"
            label={t('replies.fields.intent')}
            disableSort
            render={(reply: ApiInboundMessage) => (
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <ReplyIntentChip intent={reply.intent} />
                <SimulatedBy message={reply} />
                <ReviewDecision reply={reply} />
              </Stack>
            )}
          />
          <DataTable.Col
            source="state"
            label={t('replies.inbox.state')}
            disableSort
            render={(reply: ApiInboundMessage) => <State reply={reply} />}
          />
          <DataTable.Col
            source="assigneeName"
            label={t('replies.inbox.assignee')}
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
        </DataTable>
      </ListCard>
    </>
  );
}

/** The contact whose phone sent the reply, opening their page (and conversation). */
function Sender({ reply }: { reply: ApiInboundMessage }) {
  const t = useMessages();
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
function Body({ reply }: { reply: ApiInboundMessage }) {
  const t = useMessages();
  return (
    <Box sx={{ maxWidth: 480 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {reply.body}
      </Typography>
      {reply.mediaUrls.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('replies.media', { smart_count: reply.mediaUrls.length })}
        </Typography>
      )}
    </Box>
  );
}

/** New, or handled (and by whom: a staff member, or Tidings itself for a keyword it answered). */
function State({ reply }: { reply: ApiInboundMessage }) {
  const t = useMessages();
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
