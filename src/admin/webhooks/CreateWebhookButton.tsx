import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { WebhookInput } from '../../shared/validation/webhook';
import { CreateDialog } from '../forms/CreateDialog';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { NEW_WEBHOOK, webhookFieldErrors, webhookResolver } from './webhookForm';
import { WebhookFields } from './WebhookFields';
import { WebhookSecretDialog } from './WebhookSecretDialog';

/** 'Add endpoint': a dialog for its URL, description, events and switch, then its secret, once. */
export function CreateWebhookButton() {
  const t = useMessages();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setSecret(null);
  };
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {t('webhooks.create')}
      </Button>
      {open && !secret && <NewEndpointDialog onClose={close} onCreated={setSecret} />}
      {secret && <WebhookSecretDialog secret={secret} onClose={close} />}
    </>
  );
}

function NewEndpointDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return (
    <CreateDialog
      title={t('webhooks.createTitle')}
      submitLabel={t('webhooks.create')}
      failedText={t('webhooks.failed')}
      resource="webhooks"
      defaultValues={NEW_WEBHOOK}
      resolver={webhookResolver}
      create={(input: WebhookInput) => dataProvider.createWebhook(input)}
      fieldErrors={webhookFieldErrors}
      onClose={onClose}
      onCreated={(created) => onCreated(created.secret)}
    >
      <WebhookFields autoFocus />
    </CreateDialog>
  );
}
