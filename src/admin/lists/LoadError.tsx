import { Button, type AlertProps } from '@mui/material';
import { useState } from 'react';
import { useMessages } from '../i18n';
import { ErrorBanner } from './ErrorBanner';
import { recordErrorMessage } from './listErrors';

/**
 * Something a screen asked the server for and did not get: the server's words (or the screen's
 * own for a network failure, see recordErrorMessage) and 'Try Again', greyed while it asks again.
 * Like every error banner it can be dismissed; a later failure (a new error) shows again.
 */
export function LoadError({
  error,
  texts,
  onRetry,
  retrying = false,
  sx,
}: {
  error: unknown;
  texts: { fetch: string; load: string };
  onRetry: () => unknown;
  retrying?: boolean;
  sx?: AlertProps['sx'];
}) {
  const t = useMessages();
  const [dismissed, setDismissed] = useState<unknown>(undefined);
  if (dismissed !== undefined && dismissed === error) return null;
  return (
    <ErrorBanner
      message={recordErrorMessage(error, texts)}
      onClose={() => setDismissed(error)}
      sx={sx}
      action={
        <Button color="inherit" size="small" disabled={retrying} onClick={() => void onRetry()}>
          {t('app.tryAgain')}
        </Button>
      }
    />
  );
}
