import { Button, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useMessages } from '../i18n';

/**
 * The bar at the bottom of a form, kept in view while a long form scrolls: a note on the left
 * (optional), Cancel back to `cancelTo`, and the submit button.
 */
export function FormActionBar({
  cancelTo,
  submitLabel,
  disabled,
  note,
}: {
  cancelTo: string;
  submitLabel: string;
  disabled: boolean;
  note?: ReactNode;
}) {
  const t = useMessages();
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: 0,
        mt: 3,
        p: 2,
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'flex-end',
        zIndex: 2,
      }}
    >
      {note}
      <Button component={RouterLink} to={cancelTo}>
        {t('app.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={disabled}>
        {submitLabel}
      </Button>
    </Paper>
  );
}
