import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import type { ReviewDecision } from '../../shared/consent';
import type { ApiInboundMessage } from '../../shared/responses/messages';
import type { InboundPatch } from '../../shared/validation/inbox';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { useInboxRefresh } from './inboxQueries';
import { ReplyBox } from './ReplyBox';

/** Whether a reply may ask to stop and waits for a staff member's decision. */
export const needsDecision = (reply: ApiInboundMessage) =>
  reply.intent === 'review' && reply.reviewDecision === null;

function useInboxChange(reply: ApiInboundMessage) {
  const t = useMessages();
  const notify = useNotify();
  const refresh = useInboxRefresh();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const failed = (error: unknown) =>
    notify(
      error instanceof HttpError && error.message ? error.message : t('replies.inbox.updateFailed'),
      { type: 'error' },
    );
  const update = useMutation({
    mutationFn: (patch: InboundPatch) => dataProvider.updateInboundMessage(reply.id, patch),
    onSuccess: async () => {
      await refresh(reply.contactId);
      notify(t('replies.inbox.updated'), { type: 'info' });
    },
    onError: failed,
  });
  const decide = useMutation({
    mutationFn: (decision: ReviewDecision) => dataProvider.decideReview(reply.id, decision),
    onSuccess: async () => {
      await refresh(reply.contactId);
      notify(t('replies.inbox.decided'), { type: 'info' });
    },
    onError: failed,
  });
  return { update, decide, busy: update.isPending || decide.isPending };
}

/** 'Opt out' / 'Not an opt-out' for a reply that may ask to stop, with the question they answer. */
export function ReviewDecision({ reply }: { reply: ApiInboundMessage }) {
  const t = useMessages();
  const { decide, busy } = useInboxChange(reply);
  if (reply.intent !== 'review') return null;
  if (reply.reviewDecision) {
    const staff = reply.reviewedByName ?? t('conversations.optin.someStaff');
    return (
      <Typography variant="body2" color="text.secondary">
        {reply.reviewDecision === 'optout'
          ? t('replies.inbox.decidedOptOut', { staff })
          : t('replies.inbox.decidedNotOptOut', { staff })}
      </Typography>
    );
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" color="warning.dark">
        {t('replies.inbox.reviewQuestion')}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          color="error"
          disabled={busy}
          onClick={() => decide.mutate('optout')}
        >
          {t('replies.inbox.optOut')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          onClick={() => decide.mutate('not_optout')}
        >
          {t('replies.inbox.notOptOut')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Reply (in a dialog), mark handled or new, and assign to yourself or to nobody. */
export function InboxActions({ reply }: { reply: ApiInboundMessage }) {
  const t = useMessages();
  const { identity } = useGetIdentity();
  const { update, busy } = useInboxChange(reply);
  const [replying, setReplying] = useState(false);
  const mine = identity !== undefined && reply.assigneeId === String(identity.id);
  const who = reply.contactName ?? reply.fromPhone;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {reply.contactId && (
        <Button
          size="small"
          onClick={() => setReplying(true)}
          aria-label={t('replies.inbox.replyTo', { name: who })}
        >
          {t('replies.inbox.reply')}
        </Button>
      )}
      {reply.state === 'new' && !needsDecision(reply) && (
        <Button size="small" disabled={busy} onClick={() => update.mutate({ state: 'handled' })}>
          {t('replies.inbox.markHandled')}
        </Button>
      )}
      {reply.state === 'handled' && (
        <Button size="small" disabled={busy} onClick={() => update.mutate({ state: 'new' })}>
          {t('replies.inbox.markNew')}
        </Button>
      )}
      {mine ? (
        <Button size="small" disabled={busy} onClick={() => update.mutate({ assigneeId: null })}>
          {t('replies.inbox.unassign')}
        </Button>
      ) : (
        identity && (
          <Button
            size="small"
            disabled={busy}
            onClick={() => update.mutate({ assigneeId: String(identity.id) })}
          >
            {t('replies.inbox.assignToMe')}
          </Button>
        )
      )}
      {replying && reply.contactId && (
        <Dialog open onClose={() => setReplying(false)} fullWidth maxWidth="sm">
          <DialogTitle>{t('replies.inbox.replyTo', { name: who })}</DialogTitle>
          <DialogContent>
            <Typography
              variant="body2"
              sx={{ mb: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {reply.body}
            </Typography>
            <ReplyBox contactId={reply.contactId} onSent={() => setReplying(false)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setReplying(false)}>{t('replies.inbox.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
