import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import type { ApiKey } from '../../shared/responses/api-keys';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';

/** Revoke, after a dialog that says it is at once and for good; nothing to do for a revoked key. */
export function RevokeApiKeyButton({ apiKey }: { apiKey: ApiKey }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => dataProvider.revokeApiKey(apiKey.id),
    onSuccess: async () => {
      setConfirming(false);
      notify(t('apiKeys.revoked'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
    onError: (error) => {
      setConfirming(false);
      notify(serverMessage(error, t('apiKeys.failed')), { type: 'error' });
    },
  });
  if (apiKey.status === 'revoked') return null;
  return (
    <>
      <Button
        size="small"
        color="error"
        disabled={revoke.isPending}
        onClick={() => setConfirming(true)}
        aria-label={`${t('apiKeys.revoke')} ${apiKey.name}`}
      >
        {t('apiKeys.revoke')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={revoke.isPending}
        title={t('apiKeys.revokeTitle', { name: apiKey.name })}
        content={t('apiKeys.revokeContent')}
        confirm={t('apiKeys.revoke')}
        cancel={t('app.cancel')}
        onConfirm={() => revoke.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
