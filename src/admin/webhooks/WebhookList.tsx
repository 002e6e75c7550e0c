import { Typography } from '@mui/material';
import { DataTable } from 'react-admin';
import type { Webhook } from '../../shared/responses/webhooks';
import { useMessages } from '../i18n';
import { DateTimeCol } from '../lists/DateTimeCol';
import { ListScreen } from '../lists/ListScreen';
import { CreateWebhookButton } from './CreateWebhookButton';
import { EventChips } from './EventChips';
import { WebhookStatusChip } from './WebhookStatusChip';

/**
 * /webhooks (admins): every endpoint Tidings sends events to, newest first, paged and sorted on
 * the server. A new endpoint's signing secret shows once, in the dialog that added it; a row opens
 * the endpoint, its settings and its delivery log.
 */
export default function WebhookList() {
  const t = useMessages();
  return (
    <ListScreen
      list="webhooks"
      search={false}
      action={<CreateWebhookButton />}
      notices={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('webhooks.intro')}
        </Typography>
      }
      rowClick="edit"
    >
      <DataTable.Col
        source="url"
        render={(webhook: Webhook) => (
          <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {webhook.url}
          </Typography>
        )}
      />
      <DataTable.Col source="description" disableSort />
      <DataTable.Col
        source="events"
        disableSort
        render={(webhook: Webhook) => <EventChips events={webhook.events} />}
      />
      <DataTable.Col
        source="status"
        disableSort
        render={(webhook: Webhook) => <WebhookStatusChip webhook={webhook} />}
      />
      <DateTimeCol source="createdAt" />
    </ListScreen>
  );
}
