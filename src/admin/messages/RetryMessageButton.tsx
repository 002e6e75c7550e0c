import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, HttpError, useDataProvider, useNotify, usePermissions } from 'react-admin';
import { RETRYABLE_MESSAGE_STATUSES, type MessageStatus } from '../../shared/delivery';
import type { ApiMessage } from '../../shared/responses/messages';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';

const retryable = (status: MessageStatus) =>
  (RETRYABLE_MESSAGE_STATUSES as readonly MessageStatus[]).includes(status);

/**
 * 'Retry' for an admin on a `failed` or `unknown` message. An `unknown` one may have reached the
 * phone already (the dispatcher stopped mid-send), so the admin confirms before it is queued again.
 * The server stays the authority on who may retry what; this only keeps the console from offering
 * what it would refuse.
 */
export function RetryMessageButton({ message }: { message: ApiMessage }) {
  const t = useMessages();
  const { permissions } = usePermissions();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const retry = useMutation({
    mutationFn: () => dataProvider.retryMessage(message.id),
    onSuccess: async () => {
      setConfirming(false);
      notify(t('delivery.retry.done'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['messages'] });
    },
    onError: (error) => {
      setConfirming(false);
      notify(
        error instanceof HttpError
          ? serverMessage(error, t('delivery.retry.failed'))
          : t('delivery.retry.failed'),
        { type: 'error' },
      );
    },
  });
  if (permissions !== 'admin' || !retryable(message.status)) return null;
  return (
    <>
      <Button
        variant="contained"
        disabled={retry.isPending}
        onClick={() => (message.status === 'unknown' ? setConfirming(true) : retry.mutate())}
      >
        {t('delivery.retry.button')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={retry.isPending}
        title={t('delivery.retry.confirmTitle')}
        content={t('delivery.retry.unknownWarning')}
        confirm={t('delivery.retry.confirm')}
        cancel={t('app.cancel')}
        onConfirm={() => retry.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
