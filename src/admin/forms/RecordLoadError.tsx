import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** A record that could not be loaded: why, and the way back to its list ('Back to …'). */
export function RecordLoadError({
  message,
  backTo,
  backLabel,
}: {
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" component={RouterLink} to={backTo}>
          {backLabel}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
