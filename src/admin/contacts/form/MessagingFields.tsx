import { Stack } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  canSendOptin,
  type ContactFormMode,
  type ContactFormValues,
} from '../../../shared/contact';
import { CheckboxInput } from '../../forms/CheckboxInput';
import { useMessages } from '../../i18n';

/**
 * The verification checkbox for the role and the messages the server can send (spec sections 2
 * and 4): admins and hosts get emailVerified and, on create, the welcome email, which exclude each
 * other; participants get smsVerified and the opt-in message, which needs a phone that is not
 * verified yet.
 */
export function MessagingFields({ mode }: { mode: ContactFormMode }) {
  const t = useMessages();
  const { setValue } = useFormContext<ContactFormValues>();
  const [role, phone, smsVerified, sendOptinMessage] = useWatch<
    ContactFormValues,
    ['role', 'phone', 'smsVerified', 'sendOptinMessage']
  >({ name: ['role', 'phone', 'smsVerified', 'sendOptinMessage'] });
  const clear = (name: 'emailVerified' | 'sendWelcomeEmail' | 'sendOptinMessage') =>
    setValue(name, false, { shouldDirty: true });

  if (role !== 'participant') {
    return (
      <Stack spacing={1}>
        <CheckboxInput
          source="emailVerified"
          label={t('contacts.fields.emailVerified')}
          helperText={t('contacts.emailVerifiedHelp')}
          onChange={(event) => event.target.checked && clear('sendWelcomeEmail')}
        />
        {mode === 'create' && (
          <CheckboxInput
            source="sendWelcomeEmail"
            label={t('contacts.fields.sendWelcomeEmail')}
            helperText={t('contacts.welcomeEmailHelp')}
            onChange={(event) => event.target.checked && clear('emailVerified')}
          />
        )}
      </Stack>
    );
  }

  const optinAllowed = canSendOptin({ role, phone: phone ?? '', smsVerified });
  return (
    <Stack spacing={1}>
      <CheckboxInput
        source="smsVerified"
        label={t('contacts.fields.smsVerified')}
        helperText={t('contacts.smsVerifiedHelp')}
        onChange={(event) => event.target.checked && clear('sendOptinMessage')}
      />
      <CheckboxInput
        source="sendOptinMessage"
        label={t('contacts.fields.sendOptinMessage')}
        helperText={optinAllowed ? t('contacts.optinHelp') : t('contacts.optinDisabledHelp')}
        // Left enabled while checked, so a tick given before the phone was cleared can be taken
        // back; submitting it then says the phone is required (spec section 5).
        disabled={!optinAllowed && !sendOptinMessage}
      />
    </Stack>
  );
}
