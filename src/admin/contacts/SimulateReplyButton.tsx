import ReplyIcon from '@mui/icons-material/ReplyOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Form,
  HttpError,
  TextInput,
  useDataProvider,
  useNotify,
  type Identifier,
} from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { INBOUND_LIMITS } from '../../shared/consent';
import type { ApiInboundMessage } from '../../shared/responses/messages';
import type { ApiContactDetail } from '../../shared/responses/users';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { useSmsSettings } from '../sms/useSmsSettings';
import { contactKeys } from './contactQueries';
import { contactPhone } from './contactPhone';
import { serverFieldErrors } from './form/saveOutcome';

function SendButton() {
  const t = useMessages();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting}>
      {isSubmitting ? t('conversations.simulate.sending') : t('conversations.simulate.send')}
    </Button>
  );
}

function CancelButton({ onClose }: { onClose: () => void }) {
  const t = useMessages();
  const { isSubmitting } = useFormState();
  return (
    <Button onClick={onClose} disabled={isSubmitting}>
      {t('app.cancel')}
    </Button>
  );
}

/**
 * The dialog: a reply typed as if it came from the contact's phone. The server handles it as the
 * inbound webhook would (JOIN, STOP, HELP...); on success the dialog closes and the contact, their
 * conversation and their consent log are loaded again to show what it did. A refusal stays in the
 * dialog, beside the field when the server names it.
 */
function SimulateReplyDialog({
  contactId,
  phone,
  onClose,
}: {
  contactId: Identifier;
  phone: string;
  onClose: () => void;
}) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const simulate = useMutation({
    mutationFn: (body: string) => dataProvider.simulateReply(contactId, body),
  });

  const done = (message: ApiInboundMessage) =>
    message.intent
      ? t('conversations.simulate.receivedAs', {
          phone,
          intent: t(`conversations.intents.${message.intent}`),
        })
      : t('conversations.simulate.received', { phone });

  const submit = async (values: FieldValues) => {
    setError(null);
    try {
      const message = await simulate.mutateAsync(String(values.body));
      notify(done(message), { type: 'success' });
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['contacts', 'getOne'] }),
        queryClient.invalidateQueries({ queryKey: contactKeys.all(contactId) }),
      ]);
      return undefined;
    } catch (e) {
      setError(
        e instanceof HttpError
          ? serverMessage(e, t('conversations.simulate.failed'))
          : t('contacts.errors.networkSubmit'),
      );
      return serverFieldErrors(e);
    }
  };

  const required = (value: unknown) =>
    typeof value === 'string' && value.trim()
      ? undefined
      : t('conversations.simulate.bodyRequired');

  return (
    <Dialog open onClose={simulate.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <Form onSubmit={submit} mode="onSubmit" reValidateMode="onChange" noValidate>
        <DialogTitle>{t('conversations.simulate.title')}</DialogTitle>
        <DialogContent>
          <ErrorBanner message={error} onClose={() => setError(null)} />
          <DialogContentText sx={{ mb: 2 }}>
            {t('conversations.simulate.intro', { phone })}
          </DialogContentText>
          <TextInput
            source="body"
            label={t('conversations.simulate.body')}
            validate={required}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            helperText={false}
            slotProps={{ htmlInput: { maxLength: INBOUND_LIMITS.bodyMax } }}
          />
        </DialogContent>
        <DialogActions>
          <CancelButton onClose={onClose} />
          <SendButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/**
 * 'Simulate reply', offered only where it works: with the log provider (GET /api/sms says so;
 * with Twilio replies come from real phones) and for a contact with a phone to reply from.
 */
export function SimulateReplyButton({ contact }: { contact: ApiContactDetail }) {
  const t = useMessages();
  const { data: sms } = useSmsSettings();
  const [open, setOpen] = useState(false);
  const phone = contactPhone(contact);
  if (!sms?.simulateReplies || !phone) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ReplyIcon />}
        onClick={() => setOpen(true)}
      >
        {t('conversations.simulate.button')}
      </Button>
      {open && (
        <SimulateReplyDialog contactId={contact.id} phone={phone} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
