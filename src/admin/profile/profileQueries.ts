import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { TidingsDataProvider } from '../providers/dataProvider';

/**
 * Query keys of the signed-in user's own account. Sessions sit under the profile's prefix, so
 * what changes them (a new password, signing out elsewhere) refreshes them with one call.
 */
export const profileKeys = {
  profile: ['profile'] as const,
  sessions: ['profile', 'sessions'] as const,
};

/** GET /api/profile: fetched fresh each time the screen opens (a sign-in elsewhere changes it). */
export function useOwnProfile() {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: profileKeys.profile,
    queryFn: () => dataProvider.getOwnProfile(),
    retry: false,
  });
}

/** GET /api/profile/sessions: the live sessions, newest first. */
export function useOwnSessions() {
  const dataProvider = useDataProvider<TidingsDataProvider>();
  return useQuery({
    queryKey: profileKeys.sessions,
    queryFn: () => dataProvider.getOwnSessions(),
    retry: false,
  });
}
