import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRedirect } from 'react-admin';
import type { Webhook } from '../../shared/responses/webhooks';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';

/** 'Delete', after a dialog that says sending stops at once and the log goes too; then the list. */
export function DeleteWebhookButton({ webhook }: { webhook: Webhook }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => dataProvider.deleteWebhook(webhook.id),
    onSuccess: async () => {
      setConfirming(false);
      notify(t('webhooks.deleted'), { type: 'success' });
      // Away first: reloaded while still shown, the endpoint would answer 'not found'.
      redirect('list', 'webhooks');
      await queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    },
    onError: (error) => {
      setConfirming(false);
      notify(serverMessage(error, t('webhooks.actionFailed')), { type: 'error' });
    },
  });
  return (
    <>
      <Button color="error" disabled={remove.isPending} onClick={() => setConfirming(true)}>
        {t('webhooks.delete')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={remove.isPending}
        title={t('webhooks.deleteTitle', { url: webhook.url })}
        content={t('webhooks.deleteContent')}
        confirm={t('webhooks.delete')}
        cancel={t('app.cancel')}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
