import { Chip } from '@mui/material';
import type { Webhook } from '../../shared/responses/webhooks';
import { useMessages } from '../i18n';
import { webhookStatus, type WebhookStatus } from './webhookStatus';

/** Green while it receives, amber while it fails, red once Tidings gave up, grey when paused. */
const STATUS_COLORS = {
  enabled: 'success',
  failing: 'warning',
  disabled: 'error',
  paused: 'default',
} as const satisfies Record<WebhookStatus, string>;

export function WebhookStatusChip({ webhook }: { webhook: Webhook }) {
  const t = useMessages();
  const status = webhookStatus(webhook);
  return (
    <Chip
      size="small"
      label={t(`webhooks.statuses.${status}`)}
      color={STATUS_COLORS[status]}
      variant={status === 'enabled' ? 'filled' : 'outlined'}
    />
  );
}
