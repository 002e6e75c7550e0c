import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Stack } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { Form, PasswordInput, SelectInput, TextInput } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { CONTACT_STATUSES, LIMITS, type ContactStatus, type Role } from '../../../shared/constants';
import {
  mayHavePassword,
  passwordRequired,
  roleChange,
  type ContactFormMode,
  type ContactFormValues,
} from '../../../shared/contact';
import { contactSchema, type ContactInput } from '../../../shared/validation/contact';
import { FormActionBar } from '../../forms/FormActionBar';
import { useMessages, type MessageKey } from '../../i18n';
import { ErrorBanner } from '../../lists/ErrorBanner';
import { PageHeader } from '../../lists/ListParts';
import { BioField } from '../bio/BioField';
import { MessagingFields } from './MessagingFields';
import { Section } from './Section';

/**
 * The record can be reloaded while the form is open (after 'Resend welcome email'): what the user
 * has typed stays, and only the fields they have not touched take the stored values. A constant,
 * because react-admin resets the form whenever this object changes.
 */
const KEEP_TYPED_VALUES = { keepDirtyValues: true } as const;

/** The statuses the form offers (spec section 4); a stored other one stays selectable. */
const FORM_STATUSES: readonly ContactStatus[] = ['active', 'inactive'];

/** Two fields side by side where there is room, stacked where there is not. */
function FieldPair({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        gap: 2,
      }}
    >
      {children}
    </Box>
  );
}

function StatusField() {
  const t = useMessages();
  const current = useWatch<ContactFormValues, 'status'>({ name: 'status' });
  const choices = CONTACT_STATUSES.filter((s) => FORM_STATUSES.includes(s) || s === current).map(
    (status) => ({ id: status, name: t(`contacts.statuses.${status}`) }),
  );
  // Always set, so no empty choice (isRequired).
  return <SelectInput source="status" choices={choices} isRequired helperText={false} fullWidth />;
}

/**
 * The role select, offering `roles` (those the signed-in user may give). Choosing a role applies
 * that role's rules to the other values at once (spec section 4), so a checkbox or password the
 * new role cannot have is cleared, not just hidden.
 */
function RoleField({ roles }: { roles: readonly Role[] }) {
  const t = useMessages();
  const { getValues, setValue, trigger, formState } = useFormContext<ContactFormValues>();
  const apply = (role: Role) => {
    for (const [key, value] of Object.entries(roleChange(role))) {
      setValue(key as keyof ContactFormValues, value, { shouldDirty: true });
    }
    // After a submit, errors of fields the new role no longer has must go too.
    if (formState.isSubmitted) void trigger();
  };
  return (
    <SelectInput
      source="role"
      choices={roles.map((role) => ({ id: role, name: t(`contacts.roles.${role}`) }))}
      onChange={() => apply(getValues('role'))}
      isRequired
      helperText={false}
      fullWidth
    />
  );
}

/** What the password field says it is for: a new host's sign-in, an admin's option, or a change. */
function passwordHelp(role: Role, mode: ContactFormMode): MessageKey {
  if (mode === 'edit') return 'contacts.passwordHelp.edit';
  return role === 'host' ? 'contacts.passwordHelp.hostCreate' : 'contacts.passwordHelp.adminCreate';
}

/**
 * Hosts and admins get a password (see `mayHavePassword`): required for a new host, optional
 * otherwise, and on edit blank keeps the current one (the stored one is never read back).
 */
function PasswordFields({ mode }: { mode: ContactFormMode }) {
  const t = useMessages();
  const role = useWatch<ContactFormValues, 'role'>({ name: 'role' });
  if (!mayHavePassword(role)) return null;
  const required = passwordRequired(role, mode);
  return (
    <FieldPair>
      <PasswordInput
        source="password"
        autoComplete="new-password"
        helperText={t(passwordHelp(role, mode), { min: LIMITS.passwordMin })}
        required={required}
        fullWidth
      />
      <PasswordInput
        source="confirmPassword"
        autoComplete="new-password"
        helperText={false}
        required={required}
        fullWidth
      />
    </FieldPair>
  );
}

/**
 * Create and Edit Contact (spec sections 2 and 4): the contact's details and address on the left,
 * its role, status, password and verification on the right. Validated with the API's own contact
 * rules; the form's flat values go to the surrounding CreateBase or EditBase's save, and the data
 * provider shapes them for the API.
 */
export function ContactForm({
  mode,
  record,
  error,
  onDismissError,
  emailHelp,
  phoneHelp,
  storedPhone,
  roles,
  emailStatus,
  phoneStatus,
}: {
  mode: ContactFormMode;
  record: ContactFormValues;
  /** The roles the signed-in user may give (a host: participant only). */
  roles: readonly Role[];
  error: string | null;
  onDismissError: () => void;
  /** A note under the email field, e.g. that the stored address is not a valid one. */
  emailHelp?: string;
  /** A note under the phone field instead of the format hint, e.g. that the stored one needs attention. */
  phoneHelp?: string;
  /** On edit, the phone as stored: one stored before the phone rule may be kept as it is. */
  storedPhone?: string | null;
  /** On edit, a host's or admin's email verification and welcome email (see WelcomeEmailStatus). */
  emailStatus?: ReactNode;
  /** On edit, the phone's opt-in state in words (see ConsentStatus). */
  phoneStatus?: ReactNode;
}) {
  const t = useMessages();
  // Checked with the API's own contact rules, so each field shows the spec's message, but the
  // form's own flat values are submitted (raw): the schema's output (phone in E.164, a null
  // password, no confirmation) is the server's reading, and the data provider's
  // `toContactPayload` expects the form's.
  // The schema reads any body (its input type is unknown); here it reads the form's values.
  const resolver = useMemo(
    () =>
      zodResolver(
        contactSchema(mode, storedPhone) as z.ZodType<ContactInput, FieldValues>,
        undefined,
        { raw: true },
      ),
    [mode, storedPhone],
  );
  return (
    // noValidate: the spec's messages, not the browser's, say what is missing. Each field shows
    // its own message and the banner the server's text, so react-admin's generic 'The form is not
    // valid' notification is left out.
    <Form
      record={record}
      resolver={resolver}
      mode="onSubmit"
      reValidateMode="onChange"
      noValidate
      disableInvalidFormNotification
      warnWhenUnsavedChanges
      resetOptions={KEEP_TYPED_VALUES}
    >
      <PageHeader title={mode === 'create' ? t('contacts.createTitle') : t('contacts.editTitle')} />
      <ErrorBanner message={error} onClose={onDismissError} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'minmax(0, 3fr) minmax(0, 2fr)',
          },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Section title={t('contacts.sections.details')}>
            <FieldPair>
              <TextInput
                source="firstName"
                autoComplete="off"
                required
                helperText={false}
                fullWidth
              />
              <TextInput
                source="lastName"
                autoComplete="off"
                required
                helperText={false}
                fullWidth
              />
            </FieldPair>
            <FieldPair>
              <TextInput
                source="email"
                type="email"
                autoComplete="off"
                helperText={emailHelp ?? false}
                required
                fullWidth
              />
              <TextInput
                source="phone"
                type="tel"
                autoComplete="off"
                helperText={phoneHelp ?? t('contacts.phoneHint')}
                fullWidth
              />
            </FieldPair>
            <BioField />
          </Section>
          <Section title={t('contacts.fields.address')}>
            <TextInput source="address.street" helperText={false} fullWidth />
            <FieldPair>
              <TextInput source="address.city" helperText={false} fullWidth />
              <TextInput source="address.state" helperText={false} fullWidth />
            </FieldPair>
            <FieldPair>
              <TextInput source="address.zipCode" helperText={false} fullWidth />
              {/* Edit lists no country (spec section 2); the stored one is kept as it is. */}
              {mode === 'create' && (
                <TextInput source="address.country" helperText={false} fullWidth />
              )}
            </FieldPair>
          </Section>
        </Stack>
        <Section title={t('contacts.sections.access')}>
          <FieldPair>
            <RoleField roles={roles} />
            <StatusField />
          </FieldPair>
          <PasswordFields mode={mode} />
          <MessagingFields mode={mode} />
          {phoneStatus}
          {emailStatus}
        </Section>
      </Box>
      <FormActionBar
        cancelTo="/contacts"
        savingLabel={t('contacts.saving')}
        submitLabel={mode === 'create' ? t('contacts.create') : t('contacts.save')}
      />
    </Form>
  );
}
