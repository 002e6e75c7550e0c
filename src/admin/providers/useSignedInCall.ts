import { useCallback } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';

/**
 * Runs an API call made outside the data provider as react-admin runs its own: a refusal for want
 * of a session (401) signs the user out, through authProvider.checkError; every error still
 * reaches the caller.
 */
export function useSignedInCall() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    [logoutIfAccessDenied],
  );
}
