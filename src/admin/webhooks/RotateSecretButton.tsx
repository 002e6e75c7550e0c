import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import type { Webhook } from '../../shared/responses/webhooks';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { WebhookSecretDialog } from './WebhookSecretDialog';

/**
 * 'Rotate secret', after a dialog that says the old secret keeps signing for a day; then the new
 * secret, this once.
 */
export function RotateSecretButton({ webhook }: { webhook: Webhook }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: () => dataProvider.rotateWebhookSecret(webhook.id),
    onSuccess: async (rotated) => {
      setConfirming(false);
      setSecret(rotated.secret);
      notify(t('webhooks.rotated'), { type: 'success' });
      // The page then says until when the old secret signs.
      await queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    },
    onError: (error) => {
      setConfirming(false);
      notify(serverMessage(error, t('webhooks.actionFailed')), { type: 'error' });
    },
  });
  return (
    <>
      <Button disabled={rotate.isPending} onClick={() => setConfirming(true)}>
        {t('webhooks.rotate')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={rotate.isPending}
        title={t('webhooks.rotateTitle')}
        content={t('webhooks.rotateContent')}
        confirm={t('webhooks.rotate')}
        cancel={t('app.cancel')}
        onConfirm={() => rotate.mutate()}
        onClose={() => setConfirming(false)}
      />
      {secret && <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />}
    </>
  );
}
