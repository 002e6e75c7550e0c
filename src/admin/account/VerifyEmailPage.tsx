import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TIMINGS } from '../../shared/constants';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { accountErrorMessage } from './accountErrors';
import { ErrorWithLogin, PublicCard } from './PublicCard';

/** Where the verified person goes next, with the single-use token the verification gave. */
export function setPasswordPath(userId: string, token: string): string {
  return `/set-password?${new URLSearchParams({ userId, token })}`;
}

/**
 * /verify-email?token=… (spec section 2, no sign-in): verifying, then success, which goes on to
 * /set-password after 2 seconds, or an error with 'Return to Login'.
 */
export default function VerifyEmailPage() {
  const t = useMessages();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const navigate = useNavigate();
  // A query, not a mutation: the token is single-use, and a query is made once however often the
  // page mounts (StrictMode mounts it twice), and never again on focus or reconnect.
  const verification = useQuery({
    queryKey: ['verifyEmail', token],
    queryFn: () => dataProvider.verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const verified = verification.data;

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(
      () =>
        navigate(setPasswordPath(verified.userId, verified.setPasswordToken), { replace: true }),
      TIMINGS.verifyRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  let body;
  if (!token) {
    body = (
      <ErrorWithLogin message={t('verifyEmail.noToken')} label={t('verifyEmail.returnToLogin')} />
    );
  } else if (verification.isError) {
    body = (
      <ErrorWithLogin
        message={accountErrorMessage(verification.error, t('verifyEmail.failed'))}
        label={t('verifyEmail.returnToLogin')}
      />
    );
  } else if (verified) {
    body = <Alert severity="success">{t('verifyEmail.success')}</Alert>;
  } else {
    body = <LoadingPage label={t('verifyEmail.verifying')} />;
  }
  return <PublicCard title={t('verifyEmail.title')}>{body}</PublicCard>;
}
