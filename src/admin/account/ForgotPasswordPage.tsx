import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { TextInput, useDataProvider } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { forgotPasswordSchema } from '../../shared/validation/forgot-password';
import { useMessages } from '../i18n';
import { LOGIN_PATH } from '../providers/authProvider';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { useSimulation } from '../simulation/useSimulation';
import { accountErrorMessage } from './accountErrors';
import { PublicCard } from './PublicCard';
import { PublicForm } from './PublicForm';
import { SubmitButton } from './SubmitButton';

// react-admin's Form is typed for any values; the schema checks what onSubmit receives.
const resolver = zodResolver(forgotPasswordSchema) as unknown as Resolver<FieldValues>;

/**
 * /forgot-password (no sign-in): asks for the email and answers the same way whether or not it
 * belongs to an account, so the page cannot be used to find out who has one.
 */
export default function ForgotPasswordPage() {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const [error, setError] = useState<string | null>(null);
  // Whether email is simulated is the server's configuration, the same for every address.
  const simulation = useSimulation();
  const mutation = useMutation({
    mutationFn: (email: string) => dataProvider.forgotPassword(email),
  });

  const submit = async (values: FieldValues) => {
    setError(null);
    try {
      await mutation.mutateAsync(String(values.email));
    } catch (e) {
      // Only a failed call (no answer, a rate limit) says something else; see the server's rules.
      setError(accountErrorMessage(e, t('forgotPassword.failed')));
    }
  };

  return (
    <PublicCard title={t('forgotPassword.title')}>
      {mutation.isSuccess ? (
        <Alert severity="success">
          {t(simulation.email ? 'simulation.resetLinkLogged' : 'forgotPassword.sent')}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('forgotPassword.intro')}
          </Typography>
          <PublicForm
            resolver={resolver}
            onSubmit={submit}
            error={error}
            onDismissError={() => setError(null)}
          >
            <TextInput
              source="email"
              type="email"
              label={t('forgotPassword.email')}
              autoComplete="username"
              helperText={false}
              fullWidth
              autoFocus
            />
            <SubmitButton
              label={t('forgotPassword.submit')}
              busyLabel={t('forgotPassword.submitting')}
            />
          </PublicForm>
        </>
      )}
      <Button component={RouterLink} to={LOGIN_PATH} sx={{ mt: 2 }}>
        {t('forgotPassword.backToLogin')}
      </Button>
    </PublicCard>
  );
}
