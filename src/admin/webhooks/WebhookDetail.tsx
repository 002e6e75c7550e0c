import { Button, Stack } from '@mui/material';
import { useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { messages } from '../../shared/messages';
import type { Webhook } from '../../shared/responses/webhooks';
import { RecordLoadError } from '../forms/RecordLoadError';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { PageHeader } from '../lists/ListParts';
import { recordErrorMessage } from '../lists/listErrors';
import { DeleteWebhookButton } from './DeleteWebhookButton';
import { RotateSecretButton } from './RotateSecretButton';
import { WebhookEditForm } from './WebhookEditForm';
import { WebhookLog } from './WebhookLog';
import { WebhookNotices } from './WebhookNotices';

/**
 * /webhooks/{id}: one endpoint: why Tidings stopped sending to it if it did, its settings to
 * change, its secret to rotate, Delete, and its delivery log, where a test event can be sent and
 * any event sent again.
 */
export default function WebhookDetail() {
  const t = useMessages();
  const id = String(useParams().id);
  // react-admin's cache of the endpoint (GET /api/webhooks/{id}); a 404 is an answer, not a
  // hiccup: 'Webhook endpoint not found' at once.
  const { data: webhook, error } = useGetOne<Webhook>('webhooks', { id }, { retry: false });
  if (error) {
    return (
      <RecordLoadError
        title={t('webhooks.editTitle')}
        message={recordErrorMessage(error, messages.webhooks.errors)}
        backTo="/webhooks"
        backLabel={t('webhooks.back')}
      />
    );
  }
  if (!webhook) return <LoadingPage label={t('webhooks.loading')} />;
  // Keyed by endpoint: another endpoint's page starts with its own form, dialogs and log paging.
  return <WebhookDetailView key={webhook.id} webhook={webhook} />;
}

function WebhookDetailView({ webhook }: { webhook: Webhook }) {
  const t = useMessages();
  return (
    <>
      <PageHeader
        title={t('webhooks.editTitle')}
        action={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/webhooks">
              {t('webhooks.back')}
            </Button>
            <RotateSecretButton webhook={webhook} />
            <DeleteWebhookButton webhook={webhook} />
          </Stack>
        }
      />
      <Stack spacing={2}>
        <WebhookNotices webhook={webhook} />
        <WebhookEditForm webhook={webhook} />
        <WebhookLog webhook={webhook} />
      </Stack>
    </>
  );
}
