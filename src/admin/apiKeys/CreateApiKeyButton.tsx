import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { DateTimeInput, SelectInput, TextInput, useDataProvider } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { API_KEY_ROLES } from '../../shared/api-keys';
import type { CreatedApiKeyResponse } from '../../shared/responses/api-keys';
import { createApiKeySchema, type CreateApiKeyInput } from '../../shared/validation/api-key';
import { CreateDialog } from '../forms/CreateDialog';
import { SecretDialog } from '../forms/SecretDialog';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';

/**
 * The expiry as the browser's date and time input gives it (local, without an offset), as the
 * moment with its offset that the API takes; empty is no expiry.
 */
function localToIso(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString();
  if (typeof value !== 'string' || value.trim() === '') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

// The API's rules and texts (shared/validation/api-key.ts), the expiry read from the input first.
const formSchema = createApiKeySchema.extend({
  expiresAt: z.preprocess(localToIso, createApiKeySchema.shape.expiresAt),
});
const resolver = zodResolver(formSchema) as unknown as Resolver<FieldValues>;

/** 'Create API key': a dialog for its name, role and expiry, then its secret, shown once. */
export function CreateApiKeyButton() {
  const t = useMessages();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);
  const close = () => {
    setOpen(false);
    setCreated(null);
  };
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {t('apiKeys.create')}
      </Button>
      {open && !created && <NewKeyDialog onClose={close} onCreated={setCreated} />}
      {created && <KeySecretDialog created={created} onClose={close} />}
    </>
  );
}

function NewKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: CreatedApiKeyResponse) => void;
}) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return (
    <CreateDialog
      title={t('apiKeys.createTitle')}
      submitLabel={t('apiKeys.create')}
      failedText={t('apiKeys.failed')}
      resource="api-keys"
      defaultValues={{ name: '', role: 'host', expiresAt: '' }}
      resolver={resolver}
      create={(input: CreateApiKeyInput) => dataProvider.createApiKey(input)}
      onClose={onClose}
      onCreated={onCreated}
    >
      <Stack sx={{ pt: 1 }}>
        <TextInput source="name" label={t('apiKeys.fields.name')} autoFocus fullWidth />
        <SelectInput
          source="role"
          label={t('apiKeys.fields.role')}
          choices={API_KEY_ROLES.map((role) => ({ id: role, name: t(`apiKeys.roles.${role}`) }))}
          fullWidth
        />
        <DateTimeInput
          source="expiresAt"
          label={t('apiKeys.fields.expiresAt')}
          helperText={t('apiKeys.expiresAtHelp')}
          fullWidth
        />
      </Stack>
    </CreateDialog>
  );
}

/** The new key's secret, this once, with a button to copy it. */
function KeySecretDialog({
  created,
  onClose,
}: {
  created: CreatedApiKeyResponse;
  onClose: () => void;
}) {
  const t = useMessages();
  return (
    <SecretDialog
      label={created.apiKey.name}
      secret={created.secret}
      texts={{
        title: t('apiKeys.secretTitle'),
        warning: t('apiKeys.secretWarning'),
        copy: t('apiKeys.copy'),
        copied: t('apiKeys.copied'),
        copyFailed: t('apiKeys.copyFailed'),
        done: t('apiKeys.done'),
      }}
      onClose={onClose}
    />
  );
}
