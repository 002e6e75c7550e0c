import CloseIcon from '@mui/icons-material/Close';
import { Alert, IconButton, type AlertProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * An error the user can read and dismiss (spec: errors show as dismissible banners). MUI's Alert
 * drops its own Close when it is given an action (a 'Try Again'), so the Close is drawn here,
 * beside the action.
 */
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
  const translate = useTranslate();
  if (!message) return null;
  const close = onClose && (
    <IconButton
      size="small"
      color="inherit"
      aria-label={translate('ra.action.close')}
      title={translate('ra.action.close')}
      onClick={onClose}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
  return (
    <Alert
      severity="error"
      action={
        action || close ? (
          <>
            {action}
            {close}
          </>
        ) : undefined
      }
      sx={{ mb: 2, ...sx }}
    >
      {message}
    </Alert>
  );
}
