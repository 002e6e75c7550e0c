import { Dialog, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import type { ApiMessage } from '../../../shared/responses/messages';
import { useMessages } from '../../i18n';
import { useSmsSettings } from '../../sms/useSmsSettings';
import { TEST_MESSAGE_DEFAULTS, type TestMessageFormValues } from './testMessageValues';
import { TestMessageForm } from './TestMessageForm';
import { TestMessageStatus } from './TestMessageStatus';

/**
 * The dashboard's 'Send Test MMS': a recipient and a message, then the message's status live. The
 * dashboard loads this file on first use, so its own chunk stays small.
 */
export default function SendTestMmsDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const t = useMessages();
  const titleId = useId();
  // The limit and the provider are a note only: without them the dialog works the same.
  const { data: settings } = useSmsSettings();
  const [sent, setSent] = useState<ApiMessage | null>(null);
  // 'Send another' comes back to the form as it was sent, to change one thing and send again.
  const [values, setValues] = useState<TestMessageFormValues>(TEST_MESSAGE_DEFAULTS);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('dashboard.sendTestMms')}</DialogTitle>
      {sent ? (
        <TestMessageStatus sent={sent} onSendAnother={() => setSent(null)} onClose={onClose} />
      ) : (
        <TestMessageForm
          values={values}
          settings={settings}
          onSent={(message, sentValues) => {
            setValues(sentValues);
            setSent(message);
          }}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}
