import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type {
  ApiConversation,
  ApiConversationEntry,
  ApiInboundMessage,
  ApiMessage,
} from '../../shared/responses/messages';
import type { ApiContactDetail } from '../../shared/responses/users';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { recordErrorMessage } from '../lists/listErrors';
import { PanelCard } from '../lists/PanelCard';
import { LinkOpens } from '../messages/LinkOpens';
import { messagePath, messagesListPath } from '../messages/messagePaths';
import { MessageStatusChip } from '../messages/MessageStatusChip';
import { errorText } from '../messages/messageText';
import { useConversation } from './contactQueries';
import { SimulateReplyButton } from './SimulateReplyButton';
import { ReviewDecision } from '../inbox/InboxActions';
import { ReplyBox } from '../inbox/ReplyBox';
import { ReplyIntentChip } from '../replies/ReplyIntentChip';
import { SimulatedBy } from '../replies/SimulatedBy';

type Translate = ReturnType<typeof useMessages>;

const entryKey = (entry: ApiConversationEntry) => `${entry.direction}-${entry.id}`;

/**
 * The loaded pages (each newest first) as one thread, oldest first as a phone shows it. An entry
 * that moved onto the next page while the pages were refreshed one after the other is kept once.
 */
function oldestFirst(pages: readonly ApiConversation[] | undefined): ApiConversationEntry[] {
  const seen = new Set<string>();
  const entries: ApiConversationEntry[] = [];
  for (const entry of pages?.flatMap((page) => page.entries) ?? []) {
    const key = entryKey(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push(entry);
  }
  return entries.reverse();
}

/** 'Spring Walks · Day 1' for a program's message, else its kind ('Confirmation'). */
function sentWhat(t: Translate, message: ApiMessage): string {
  if (message.kind === 'program' && message.programName) {
    return t('conversations.programDay', {
      program: message.programName,
      day: t('products.dayTitles.day', { n: message.day ?? 0 }),
    });
  }
  return t(`delivery.kinds.${message.kind}`);
}

/**
 * What Tidings sent: what it was (opening its message page), its status, and the staff member who
 * asked for it (a reply, a test, an opt-in request); then the text.
 */
function SentHeader({ message }: { message: ApiMessage }) {
  const t = useMessages();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Link component={RouterLink} to={messagePath(message.id)} variant="body2" fontWeight={500}>
        {sentWhat(t, message)}
      </Link>
      <MessageStatusChip status={message.status} />
      {message.sentByName && (
        <Typography variant="body2" color="text.secondary">
          {t('conversations.sentBy', { staff: message.sentByName })}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * What the contact sent, and what it asked for when it was a keyword (JOIN, STOP, HELP); a reply
 * typed with Simulate reply says so, and who typed it.
 */
function ReceivedHeader({ message }: { message: ApiInboundMessage }) {
  const t = useMessages();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" fontWeight={500}>
        {t('conversations.received')}
      </Typography>
      <ReplyIntentChip intent={message.intent} />
      <SimulatedBy message={message} />
    </Stack>
  );
}

/** Links to a message's media, each named by `label`, opening in a new tab. */
function MediaLinks({
  urls,
  label,
}: {
  urls: readonly string[];
  label: (index: number) => string;
}) {
  if (urls.length === 0) return null;
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
      {urls.map((url, index) => (
        <Link key={url} href={url} target="_blank" rel="noopener noreferrer" variant="body2">
          {label(index)}
        </Link>
      ))}
    </Stack>
  );
}

/**
 * One message as a bubble: what Tidings sent on the right (as on the sender's phone), what the
 * contact sent on the left. Long words and links wrap so a narrow screen never scrolls sideways.
 * A message with tracked links says whether, how often and when first the contact opened them.
 * Under it, when it was sent (or received); a message not handed to the provider says when it is
 * due instead, never when it was queued.
 */
function Bubble({ entry }: { entry: ApiConversationEntry }) {
  const t = useMessages();
  const out = entry.direction === 'out';
  const error = out ? errorText(entry) : null;
  return (
    <Box
      component="li"
      sx={{
        alignSelf: out ? 'flex-end' : 'flex-start',
        maxWidth: { xs: '92%', sm: '75%' },
        minWidth: 0,
      }}
    >
      <Box
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: (theme) =>
            out ? alpha(theme.palette.primary.main, 0.08) : theme.palette.grey[100],
          ...(out ? { borderBottomRightRadius: 2 } : { borderBottomLeftRadius: 2 }),
        }}
      >
        {out ? <SentHeader message={entry} /> : <ReceivedHeader message={entry} />}
        <Typography
          variant="body2"
          sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {entry.body}
        </Typography>
        {out ? (
          <MediaLinks
            urls={entry.mediaUrl ? [entry.mediaUrl] : []}
            label={() => t('delivery.openMedia')}
          />
        ) : (
          <MediaLinks
            urls={entry.mediaUrls}
            label={(index) => t('conversations.media', { n: index + 1 })}
          />
        )}
        {error && (
          <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {error}
          </Typography>
        )}
        {out && entry.linkOpens && (
          <Box sx={{ mt: 0.5 }}>
            <LinkOpens opens={entry.linkOpens} />
          </Box>
        )}
        {!out && entry.intent === 'review' && (
          <Box sx={{ mt: 1 }}>
            <ReviewDecision reply={entry} />
          </Box>
        )}
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', mt: 0.25, textAlign: out ? 'right' : 'left' }}
      >
        {out && entry.sentAt === null
          ? t('conversations.dueAt', { time: formatDateTime(entry.at) })
          : formatDateTime(entry.at)}
      </Typography>
    </Box>
  );
}

/** The thread in a box of its own height, kept scrolled to the newest message, like a phone. */
function Thread({
  entries,
  earlier,
}: {
  entries: ApiConversationEntry[];
  earlier: { more: boolean; loading: boolean; load: () => void };
}) {
  const t = useMessages();
  const box = useRef<HTMLDivElement>(null);
  const newestKey = entries.length > 0 ? entryKey(entries.at(-1)!) : null;
  const oldestKey = entries.length > 0 ? entryKey(entries[0]!) : null;
  const shown = useRef({ newest: null as string | null, oldest: null as string | null, height: 0 });
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const before = shown.current;
    // A newer message (or the first load) scrolls to it; earlier ones loaded above keep the
    // messages the reader was looking at in place, as a phone does.
    if (newestKey !== before.newest) element.scrollTop = element.scrollHeight;
    else if (oldestKey !== before.oldest) {
      element.scrollTop += element.scrollHeight - before.height;
    }
    shown.current = { newest: newestKey, oldest: oldestKey, height: element.scrollHeight };
  });
  return (
    <Box ref={box} sx={{ maxHeight: { xs: '65vh', md: 560 }, overflowY: 'auto', pr: 0.5 }}>
      {earlier.more && (
        <Box sx={{ textAlign: 'center', mb: 1 }}>
          <Button size="small" onClick={earlier.load} disabled={earlier.loading}>
            {earlier.loading ? t('conversations.loadingEarlier') : t('conversations.showEarlier')}
          </Button>
        </Box>
      )}
      <Box
        component="ol"
        aria-label={t('conversations.title')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {entries.map((entry) => (
          <Bubble key={entryKey(entry)} entry={entry} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * The contact's Conversation card: the messages Tidings sent them (with their status, each
 * opening its message) and those they sent (with what they asked for), newest at the bottom;
 * 'Show earlier' pages back; under it, the reply box. It refreshes itself while a message shown
 * is on its way, and offers Simulate reply where the provider allows it.
 */
export function Conversation({ contact }: { contact: ApiContactDetail }) {
  const t = useMessages();
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useConversation(contact.id);
  const entries = useMemo(() => oldestFirst(data?.pages), [data]);
  return (
    <PanelCard
      title={t('conversations.title')}
      action={
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <SimulateReplyButton contact={contact} />
          <Link component={RouterLink} to={messagesListPath({ contactId: String(contact.id) })}>
            {t('conversations.allMessages')}
          </Link>
        </Stack>
      }
    >
      {isPending ? (
        <CircularProgress size={24} aria-label={t('app.loading')} />
      ) : (
        <>
          <ErrorBanner
            message={
              error &&
              recordErrorMessage(error, {
                fetch: t('conversations.loadFailed'),
                load: t('conversations.loadFailed'),
              })
            }
          />
          {data &&
            (entries.length === 0 ? (
              <Typography color="text.secondary">{t('conversations.empty')}</Typography>
            ) : (
              <Thread
                entries={entries}
                earlier={{
                  more: hasNextPage,
                  loading: isFetchingNextPage,
                  load: () => void fetchNextPage(),
                }}
              />
            ))}
          <Box sx={{ mt: 2 }}>
            <ReplyArea contact={contact} />
          </Box>
        </>
      )}
    </PanelCard>
  );
}

/** The reply box, or why there is none: no phone, or a phone that opted out. */
function ReplyArea({ contact }: { contact: ApiContactDetail }) {
  const t = useMessages();
  const reason = !contact.phone
    ? t('staffReply.noPhone')
    : contact.smsOptedOutAt
      ? t('staffReply.optedOut')
      : null;
  if (reason) {
    return (
      <Typography variant="body2" color="text.secondary">
        {reason}
      </Typography>
    );
  }
  return <ReplyBox contactId={contact.id} />;
}
