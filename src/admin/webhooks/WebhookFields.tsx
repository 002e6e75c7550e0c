import { Stack } from '@mui/material';
import { BooleanInput, CheckboxGroupInput, TextInput } from 'react-admin';
import { WEBHOOK_EVENT_TYPES } from '../../shared/webhooks';
import { useMessages } from '../i18n';

/** Each event type by its name on the wire (`message.sent`), which the endpoint's code reads. */
const EVENT_CHOICES = WEBHOOK_EVENT_TYPES.map((type) => ({ id: type, name: type }));

/** An endpoint's inputs, the same when it is added and when it is changed. */
export function WebhookFields({ autoFocus = false }: { autoFocus?: boolean }) {
  const t = useMessages();
  return (
    <Stack sx={{ pt: 1 }}>
      <TextInput
        source="url"
        type="url"
        label={t('webhooks.fields.url')}
        helperText={t('webhooks.urlHelp')}
        autoFocus={autoFocus}
        fullWidth
      />
      <TextInput
        source="description"
        label={t('webhooks.fields.description')}
        helperText={false}
        multiline
        minRows={2}
        fullWidth
      />
      <CheckboxGroupInput
        source="events"
        label={t('webhooks.fields.events')}
        helperText={t('webhooks.eventsHelp')}
        choices={EVENT_CHOICES}
        translateChoice={false}
        row={false}
        // Two columns where there is room: twelve types in one would scroll the dialog.
        sx={{
          '& .MuiFormGroup-root': {
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          },
        }}
      />
      <BooleanInput source="enabled" label={t('webhooks.fields.enabled')} helperText={false} />
    </Stack>
  );
}
