import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PasswordInput, useDataProvider, useLogout } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TIMINGS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { newPasswordFields } from '../../shared/validation/set-password';
import { useMessages } from '../i18n';
import { useSuccessNotice } from '../lists/useSuccessNotice';
import { LOGIN_PATH } from '../providers/authProvider';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { session } from '../providers/session';
import { accountErrorMessage } from './accountErrors';
import { ErrorWithLogin, PublicCard } from './PublicCard';
import { PublicForm } from './PublicForm';
import { SubmitButton } from './SubmitButton';

// react-admin's Form is typed for any values; the schema checks what onSubmit receives.
const resolver = zodResolver(newPasswordFields) as unknown as Resolver<FieldValues>;

/**
 * /set-password?userId=…&token=… (spec section 2, no sign-in): the new password and its
 * confirmation, sent with the single-use token from the link. Success goes to /login after 3
 * seconds, which says the password is set.
 */
export default function SetPasswordPage() {
  const t = useMessages();
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const navigate = useNavigate();
  const logout = useLogout();
  const notice = useSuccessNotice();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (values: FieldValues) =>
      dataProvider.setPassword({
        userId,
        token,
        password: String(values.password),
        confirmPassword: String(values.confirmPassword),
      }),
  });
  const done = mutation.isSuccess;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      // /login says the password is set, for the spec's 5 seconds.
      const toLogin = () => {
        notice(messages.setPassword.successLogin);
        navigate(LOGIN_PATH, { replace: true });
      };
      // The server ended every session of this person, so a console signed in as them signs
      // out (react-admin's own logout also forgets the cached session check) before /login.
      if (session.getUser()?.id === userId) void logout({}, false).finally(toLogin);
      else toLogin();
    }, TIMINGS.setPasswordRedirectMs);
    return () => clearTimeout(timer);
  }, [done, userId, navigate, logout, notice]);

  const submit = async (values: FieldValues) => {
    setError(null);
    try {
      await mutation.mutateAsync(values);
    } catch (e) {
      setError(accountErrorMessage(e, t('setPassword.failed')));
    }
  };

  let body;
  if (!userId) {
    body = (
      <ErrorWithLogin
        message={t('setPassword.missingUser')}
        label={t('verifyEmail.returnToLogin')}
      />
    );
  } else if (!token) {
    body = (
      <ErrorWithLogin
        message={t('setPassword.missingToken')}
        label={t('verifyEmail.returnToLogin')}
      />
    );
  } else if (done) {
    body = <Alert severity="success">{t('setPassword.success')}</Alert>;
  } else {
    body = (
      <PublicForm
        resolver={resolver}
        onSubmit={submit}
        error={error}
        onDismissError={() => setError(null)}
      >
        <PasswordInput
          source="password"
          label={t('setPassword.password')}
          autoComplete="new-password"
          helperText={false}
          fullWidth
          autoFocus
        />
        <PasswordInput
          source="confirmPassword"
          label={t('setPassword.confirmPassword')}
          autoComplete="new-password"
          helperText={false}
          fullWidth
        />
        <SubmitButton label={t('setPassword.submit')} busyLabel={t('setPassword.submitting')} />
      </PublicForm>
    );
  }
  return <PublicCard title={t('setPassword.title')}>{body}</PublicCard>;
}
