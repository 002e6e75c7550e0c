import { Alert } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { TIMINGS } from '../../shared/constants';

interface SuccessState {
  success?: string;
}

/** The navigation state that carries a success message to the next screen. */
export const successState = (message: string): { state: SuccessState } => ({
  state: { success: message },
});

/**
 * The success message the previous screen passed along, shown for `timeout` ms (spec: 5 s, pod
 * actions 3 s) or until dismissed. It is taken out of the history entry at once, so a reload or a
 * step back does not show it again.
 */
export function SuccessBanner({ timeout = TIMINGS.successBannerMs }: { timeout?: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const passed = (location.state as SuccessState | null)?.success;
  const [message, setMessage] = useState<string | null>(passed ?? null);
  const [received, setReceived] = useState(passed);
  if (passed !== received) {
    setReceived(passed);
    if (passed) setMessage(passed);
  }

  useEffect(() => {
    if (passed) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [passed, navigate, location.pathname, location.search]);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), timeout);
    return () => clearTimeout(timer);
  }, [message, timeout]);

  if (!message) return null;
  return (
    <Alert severity="success" onClose={() => setMessage(null)} sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}
