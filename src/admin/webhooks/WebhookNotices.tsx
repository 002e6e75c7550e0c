import { Alert } from '@mui/material';
import type { Webhook } from '../../shared/responses/webhooks';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';

/**
 * What an admin must know before changing the endpoint: that Tidings disabled it for failing (and
 * that enabling it is theirs to do), and that the secret before the last rotation still signs.
 */
export function WebhookNotices({ webhook }: { webhook: Webhook }) {
  const t = useMessages();
  if (!webhook.disabledAt && !webhook.previousSecretUntil) return null;
  return (
    <>
      {webhook.disabledAt && (
        <Alert severity="error">
          {t('webhooks.disabledForFailing', { at: formatDateTime(webhook.disabledAt) })}
        </Alert>
      )}
      {webhook.previousSecretUntil && (
        <Alert severity="info">
          {t('webhooks.previousSecretUntil', { at: formatDateTime(webhook.previousSecretUntil) })}
        </Alert>
      )}
    </>
  );
}
