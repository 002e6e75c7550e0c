import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { WebhookAttempt } from '../../shared/responses/webhooks';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';

/**
 * 'Resend': the attempt's event to the endpoint again, now, with the same webhook-id. While it is
 * being sent the server refuses (409), and its words say to wait for the outcome.
 */
export function ResendButton({
  webhookId,
  attempt,
  onQueued,
}: {
  webhookId: string;
  attempt: WebhookAttempt;
  onQueued: () => void;
}) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const notify = useNotify();
  const resend = useMutation({
    mutationFn: () => dataProvider.resendWebhookDelivery(webhookId, attempt.deliveryId),
    onSuccess: () => {
      notify(t('webhooks.resent'), { type: 'success' });
      onQueued();
    },
    onError: (error) => notify(serverMessage(error, t('webhooks.actionFailed')), { type: 'error' }),
  });
  return (
    <Button size="small" disabled={resend.isPending} onClick={() => resend.mutate()}>
      {t('webhooks.resend')}
    </Button>
  );
}
