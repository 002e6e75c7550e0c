import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../lists/ListParts';

/**
 * A record that could not be loaded: the screen's title (its h1, as on every screen), why, and
 * the way back to its list ('Back to …').
 */
export function RecordLoadError({
  title,
  message,
  backTo,
  backLabel,
}: {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <>
      <PageHeader title={title} />
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
    </>
  );
}
