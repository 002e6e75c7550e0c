import { Stack, Typography } from '@mui/material';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { LoadError } from '../lists/LoadError';
import { DetailsCard } from './DetailsCard';
import { DevelopersCard } from './DevelopersCard';
import { NameForm } from './NameForm';
import { PasswordForm } from './PasswordForm';
import { useOwnProfile } from './profileQueries';
import { SessionsCard } from './SessionsCard';

/**
 * /profile: the signed-in staff member's own account (the spec does not show this screen). Who
 * they are and when they last signed in before this session, their name, their password, where
 * they are signed in, and for admins the way to API keys.
 */
export default function ProfilePage() {
  const t = useMessages();
  const { data: profile, error, isPending, refetch } = useOwnProfile();
  let body;
  if (isPending) {
    body = <LoadingPage />;
  } else if (error) {
    body = (
      <LoadError
        error={error}
        texts={{ fetch: t('profile.loadFailed'), load: t('profile.loadFailedNetwork') }}
        onRetry={refetch}
      />
    );
  } else {
    body = (
      <>
        <DetailsCard profile={profile} />
        <NameForm profile={profile} />
        <PasswordForm />
        <SessionsCard />
        {profile.role === 'admin' && <DevelopersCard />}
      </>
    );
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography variant="h5" component="h1">
        {t('profile.title')}
      </Typography>
      {body}
    </Stack>
  );
}
