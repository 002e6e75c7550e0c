import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, HttpError, PasswordInput, useDataProvider } from 'react-admin';
import { useFormState, type FieldValues, type Resolver } from 'react-hook-form';
import { LIMITS } from '../../shared/constants';
import { changePasswordSchema, type ChangePasswordInput } from '../../shared/validation/profile';
import { serverFieldErrors } from '../contacts/form/saveOutcome';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { PanelCard } from '../lists/PanelCard';
import { useSuccessNotice } from '../lists/useSuccessNotice';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { profileKeys } from './profileQueries';

// The current password, then the set-password page's rules and texts for the new one.
// react-admin's Form is typed for any values; the schema types what onSubmit receives.
const resolver = zodResolver(changePasswordSchema) as unknown as Resolver<FieldValues>;

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

function SubmitButton() {
  const t = useMessages();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting}>
      {isSubmitting ? t('profile.changing') : t('profile.changePassword')}
    </Button>
  );
}

/**
 * Change password: the current one, a new one and its confirmation. A wrong current password is
 * shown at its field (the server names it); on success the form empties, and the notice says how
 * many other sessions the server ended, whose list is then loaded again.
 */
export function PasswordForm() {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const queryClient = useQueryClient();
  const notice = useSuccessNotice();
  const [error, setError] = useState<string | null>(null);
  // A new key gives a new, empty form: no password stays in the page after it was used.
  const [formKey, setFormKey] = useState(0);
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => dataProvider.changeOwnPassword(input),
  });

  const submit = async (values: FieldValues) => {
    setError(null);
    try {
      const { signedOutSessions } = await change.mutateAsync(values as ChangePasswordInput);
      notice(
        signedOutSessions > 0
          ? t('profile.passwordChangedSignedOut', { smart_count: signedOutSessions })
          : t('profile.passwordChanged'),
      );
      setFormKey((key) => key + 1);
      await queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
      return undefined;
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (!fields) {
        // Too many wrong passwords (429), or the server could not be reached.
        setError(
          e instanceof HttpError
            ? serverMessage(e, t('profile.passwordFailed'))
            : t('profile.network'),
        );
      }
      return fields;
    }
  };

  return (
    <PanelCard title={t('profile.passwordTitle')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('profile.passwordIntro', { min: LIMITS.passwordMin })}
      </Typography>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      <Form
        key={formKey}
        defaultValues={EMPTY}
        resolver={resolver}
        onSubmit={submit}
        mode="onSubmit"
        reValidateMode="onChange"
        noValidate
      >
        <Box sx={{ maxWidth: 400 }}>
          <PasswordInput
            source="currentPassword"
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            helperText={false}
            fullWidth
          />
          <PasswordInput
            source="password"
            label={t('profile.newPassword')}
            autoComplete="new-password"
            helperText={false}
            fullWidth
          />
          <PasswordInput
            source="confirmPassword"
            label={t('profile.confirmPassword')}
            autoComplete="new-password"
            helperText={false}
            fullWidth
          />
        </Box>
        <SubmitButton />
      </Form>
    </PanelCard>
  );
}
