import { SecretDialog } from '../forms/SecretDialog';
import { useMessages } from '../i18n';

/** A signing secret, new or rotated, this once, with a button to copy it. */
export function WebhookSecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const t = useMessages();
  return (
    <SecretDialog
      label={t('webhooks.secretLabel')}
      secret={secret}
      texts={{
        title: t('webhooks.secretTitle'),
        warning: t('webhooks.secretWarning'),
        copy: t('webhooks.copy'),
        copied: t('webhooks.secretCopied'),
        copyFailed: t('webhooks.copyFailed'),
        done: t('webhooks.done'),
      }}
      onClose={onClose}
    />
  );
}
