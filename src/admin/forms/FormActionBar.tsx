import { Button, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { useSaveContext } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { useMessages } from '../i18n';

/**
 * The bar at the bottom of a create or edit form, kept in view while a long form scrolls: a note
 * on the left (optional), Cancel back to `cancelTo`, and the submit button, which says
 * `savingLabel` and is disabled while the form submits or the record saves (or while `blocked`).
 */
export function FormActionBar({
  cancelTo,
  submitLabel,
  savingLabel,
  blocked = false,
  note,
}: {
  cancelTo: string;
  submitLabel: string;
  savingLabel: string;
  blocked?: boolean;
  note?: ReactNode;
}) {
  const t = useMessages();
  const { saving } = useSaveContext();
  const { isSubmitting } = useFormState();
  const busy = Boolean(saving) || isSubmitting;
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
      <Button type="submit" variant="contained" disabled={busy || blocked}>
        {busy ? savingLabel : submitLabel}
      </Button>
    </Paper>
  );
}
