import SendIcon from '@mui/icons-material/SendOutlined';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { Webhook } from '../../shared/responses/webhooks';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';

/** 'Send test event': a `webhook.test` event to this endpoint alone, queued; `onSent` then. */
export function SendTestButton({ webhook, onSent }: { webhook: Webhook; onSent: () => void }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const notify = useNotify();
  const test = useMutation({
    mutationFn: () => dataProvider.sendWebhookTest(webhook.id),
    onSuccess: () => {
      notify(t('webhooks.testSent'), { type: 'success' });
      onSent();
    },
    onError: (error) => notify(serverMessage(error, t('webhooks.actionFailed')), { type: 'error' }),
  });
  return (
    <Button
      variant="outlined"
      startIcon={<SendIcon />}
      disabled={test.isPending}
      onClick={() => test.mutate()}
    >
      {t('webhooks.test')}
    </Button>
  );
}
