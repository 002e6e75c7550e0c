import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import CopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DateTimeInput,
  Form,
  HttpError,
  SaveButton,
  SelectInput,
  TextInput,
  useDataProvider,
  useNotify,
} from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { API_KEY_ROLES } from '../../shared/api-keys';
import type { CreatedApiKeyResponse } from '../../shared/responses/api-keys';
import { createApiKeySchema, type CreateApiKeyInput } from '../../shared/validation/api-key';
import { serverFieldErrors } from '../contacts/form/saveOutcome';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';

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
      {created && <SecretDialog created={created} onClose={close} />}
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
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (input: CreateApiKeyInput) => dataProvider.createApiKey(input),
  });

  const submit = async (values: FieldValues) => {
    setError(null);
    try {
      const created = await create.mutateAsync(values as CreateApiKeyInput);
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
      onCreated(created);
      return undefined;
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (!fields) {
        setError(
          e instanceof HttpError ? serverMessage(e, t('apiKeys.failed')) : t('apiKeys.failed'),
        );
      }
      return fields;
    }
  };

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('apiKeys.createTitle')}</DialogTitle>
      <Form
        defaultValues={{ name: '', role: 'host', expiresAt: '' }}
        resolver={resolver}
        onSubmit={submit}
        mode="onSubmit"
        reValidateMode="onChange"
        noValidate
      >
        <DialogContent>
          <ErrorBanner message={error} onClose={() => setError(null)} />
          <Stack sx={{ pt: 1 }}>
            <TextInput source="name" label={t('apiKeys.fields.name')} autoFocus fullWidth />
            <SelectInput
              source="role"
              label={t('apiKeys.fields.role')}
              choices={API_KEY_ROLES.map((role) => ({
                id: role,
                name: t(`apiKeys.roles.${role}`),
              }))}
              fullWidth
            />
            <DateTimeInput
              source="expiresAt"
              label={t('apiKeys.fields.expiresAt')}
              helperText={t('apiKeys.expiresAtHelp')}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('app.cancel')}
          </Button>
          <SaveButton label={t('apiKeys.create')} icon={<AddIcon />} alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The new key's secret, this once, with a button to copy it. */
function SecretDialog({
  created,
  onClose,
}: {
  created: CreatedApiKeyResponse;
  onClose: () => void;
}) {
  const t = useMessages();
  const notify = useNotify();
  const copy = () =>
    // The clipboard needs a secure page; where it is refused, the key can still be selected.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(created.secret))
      .then(
        () => notify(t('apiKeys.copied'), { type: 'success' }),
        () => notify(t('apiKeys.copyFailed'), { type: 'warning' }),
      );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('apiKeys.secretTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('apiKeys.secretWarning')}</Alert>
          <TextField
            label={created.apiKey.name}
            value={created.secret}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
            }}
            onFocus={(event) => event.target.select()}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<CopyIcon />} onClick={() => void copy()}>
          {t('apiKeys.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('apiKeys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
