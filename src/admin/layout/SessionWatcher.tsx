import { useEffect } from 'react';
import { useCheckAuth } from 'react-admin';

/** How often the console looks at the age of its last session check (a local, free test). */
const POLL_MS = 60_000;

/**
 * While signed in, re-verifies the session with the server whenever the last confirmation is older
 * than 30 minutes (the authProvider decides), also when the tab comes back into view after sleep.
 * A failed check signs the user out through react-admin.
 */
export function SessionWatcher() {
  const checkAuth = useCheckAuth();
  useEffect(() => {
    const check = () => {
      checkAuth().catch(() => undefined);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = setInterval(check, POLL_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [checkAuth]);
  return null;
}
