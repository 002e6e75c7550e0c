import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, HttpError, useDataProvider, useNotify, type Identifier } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { CONVERSATION_WINDOW_MS, STAFF_REPLY_LIMIT } from '../../shared/consent';
import { SEND_WINDOW } from '../../shared/constants';
import type { MessageMedia } from '../../shared/responses/products';
import type { ApiMessage } from '../../shared/responses/messages';
import { serverFieldErrors } from '../contacts/form/saveOutcome';
import { formatDateTime } from '../format';
import { OwnMessageFields } from '../forms/OwnMessageFields';
import { useMessages } from '../i18n';
import { UploadsProvider, useUploads } from '../products/form/uploads';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { useInboxRefresh } from './inboxQueries';

/** The box's form: the reply and one optional picture or video, where MediaField keeps it. */
interface ReplyValues {
  body: string;
  attachment: { media: (MessageMedia & { file?: File }) | null };
}

const EMPTY: ReplyValues = { body: '', attachment: { media: null } };

/** A reply due this long after it was sent is waiting for quiet hours to end, and says so. */
const WAITING_MS = 60_000;

function SendButton() {
  const t = useMessages();
  const { isSubmitting } = useFormState();
  const { active } = useUploads();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting || active > 0}>
      {isSubmitting ? t('staffReply.sending') : t('staffReply.send')}
    </Button>
  );
}

/**
 * The reply box: the product editor's counter and segment line, one optional image, GIF or video,
 * and 'Send reply'. The server decides when it goes (at once to a phone that wrote in the last
 * 24 hours, else within the quiet hours where the contact is) and the box says which. A refusal
 * (opted out, over the limit) stays above the field, the server's field errors beside theirs.
 */
export function ReplyBox({
  contactId,
  onSent,
}: {
  contactId: Identifier;
  onSent?: (message: ApiMessage) => void;
}) {
  const t = useMessages();
  const notify = useNotify();
  const refresh = useInboxRefresh();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const [error, setError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const { mutateAsync } = useMutation({
    mutationFn: (values: ReplyValues) =>
      dataProvider.sendStaffReply(contactId, {
        body: values.body.trim(),
        mediaUrl: values.attachment.media?.url ?? null,
      }),
  });

  const validate = (values: FieldValues) =>
    String(values.body ?? '').trim() ? {} : { body: t('staffReply.label') };

  const submit = async (values: FieldValues) => {
    setError(null);
    try {
      const message = await mutateAsync(values as ReplyValues);
      const due = new Date(message.sendAfter);
      const waiting = due.getTime() - new Date(message.createdAt).getTime() > WAITING_MS;
      notify(
        waiting
          ? t('staffReply.waiting', { time: formatDateTime(message.sendAfter) })
          : t('staffReply.queued', { phone: message.toPhone }),
        { type: 'info' },
      );
      await refresh(contactId);
      setFormKey((key) => key + 1);
      onSent?.(message);
      return undefined;
    } catch (e) {
      setError(
        e instanceof HttpError ? e.message || t('staffReply.failed') : t('staffReply.failed'),
      );
      return serverFieldErrors(e);
    }
  };

  return (
    <UploadsProvider>
      <Form
        key={formKey}
        defaultValues={EMPTY}
        validate={validate}
        onSubmit={submit}
        mode="onSubmit"
        disableInvalidFormNotification
        noValidate
      >
        <Box data-testid="reply-box">
          {error && (
            <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <OwnMessageFields label={t('staffReply.label')} minRows={2} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
            <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
              {t('staffReply.rule', {
                hours: CONVERSATION_WINDOW_MS / 3_600_000,
                earliest: SEND_WINDOW.earliest,
                latest: SEND_WINDOW.latest,
              })}{' '}
              {t('staffReply.limit', {
                max: STAFF_REPLY_LIMIT.max,
                minutes: STAFF_REPLY_LIMIT.windowMs / 60_000,
              })}
            </Typography>
            <SendButton />
          </Stack>
        </Box>
      </Form>
    </UploadsProvider>
  );
}
