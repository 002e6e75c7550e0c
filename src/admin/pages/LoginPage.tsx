import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useAuthState, useLogin } from 'react-admin';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { messages } from '../../shared/messages';
import { PublicCard } from '../account/PublicCard';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { DASHBOARD_PATH } from '../layout/navItems';

/**
 * /login: email and password, both required. Shows the server's error text (or the spec's
 * fallback); a user who is already signed in, and a successful sign-in, go to /dashboard.
 */
export function LoginPage() {
  const t = useMessages();
  const login = useLogin();
  const { isPending, authenticated } = useAuthState(undefined, false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (isPending) return <LoadingPage />;
  if (authenticated) return <Navigate to={DASHBOARD_PATH} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await login({ email, password }, DASHBOARD_PATH);
    } catch (e) {
      setError((e as Error)?.message || messages.login.error);
      setSubmitting(false);
    }
  };

  return (
    <PublicCard title={t('login.title')}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate={false}>
        {error && (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {submitting ? t('login.signingIn') : t('login.submit')}
        </Button>
        <Link
          component={RouterLink}
          to="/forgot-password"
          variant="body2"
          sx={{ alignSelf: 'center' }}
        >
          {t('forgotPassword.link')}
        </Link>
      </Stack>
    </PublicCard>
  );
}
