import { Alert, type AlertProps } from '@mui/material';

/** An error the user can read and dismiss (spec: errors show as dismissible banners). */
export function ErrorBanner({
  message,
  onClose,
  sx,
  action,
}: {
  message: string | null | undefined;
  onClose?: () => void;
  sx?: AlertProps['sx'];
  action?: AlertProps['action'];
}) {
  if (!message) return null;
  return (
    <Alert severity="error" onClose={onClose} action={action} sx={{ mb: 2, ...sx }}>
      {message}
    </Alert>
  );
}
