import { Box, Card, CardContent } from '@mui/material';
import { useMemo, useState } from 'react';
import { Form, SaveButton, useNotify, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { Webhook } from '../../shared/responses/webhooks';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { serverMessage } from '../providers/httpClient';
import { WebhookFacts } from './WebhookFacts';
import { webhookFieldErrors, webhookFormValues, webhookResolver } from './webhookForm';
import { WebhookFields } from './WebhookFields';

/**
 * The endpoint's settings (PUT /api/webhooks/{id}), saved once the server has answered: its answer
 * goes into react-admin's caches, so the page shows what it stored (enabling an endpoint Tidings
 * disabled clears the notice). The server's refusals stand under their fields.
 */
export function WebhookEditForm({ webhook }: { webhook: Webhook }) {
  const t = useMessages();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const [update] = useUpdate<Webhook>();
  const values = useMemo(() => webhookFormValues(webhook), [webhook]);

  const submit = async (input: FieldValues) => {
    setError(null);
    try {
      await update(
        'webhooks',
        { id: webhook.id, data: input, previousData: webhook },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(t('webhooks.saved'), { type: 'success' });
      return undefined;
    } catch (e) {
      const fields = webhookFieldErrors(e);
      if (!fields) setError(serverMessage(e, t('webhooks.failed')));
      return fields;
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <WebhookFacts webhook={webhook} />
        <Form
          defaultValues={values}
          resolver={webhookResolver}
          onSubmit={submit}
          mode="onSubmit"
          reValidateMode="onChange"
          noValidate
        >
          <ErrorBanner message={error} onClose={() => setError(null)} />
          <WebhookFields />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <SaveButton label={t('webhooks.save')} />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
