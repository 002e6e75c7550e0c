import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { podDetailsSchema } from '../../shared/validation/pod';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';

export interface PodDetails {
  podId: string;
  podName: string;
}

/**
 * A dialog with a pod's Pod ID and Pod Name (spec: both required once trimmed, 'Please provide
 * both Pod ID and Pod Name'), for creating a pod from a selection and for editing one. `save`
 * receives the trimmed details; the error it reports stays in the dialog so the user can fix it.
 */
export function PodDetailsDialog({
  title,
  submitLabel,
  initial,
  saving,
  error,
  onError,
  onSave,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial: PodDetails;
  saving: boolean;
  error: string | null;
  onError: (message: string | null) => void;
  onSave: (details: PodDetails) => void;
  onClose: () => void;
}) {
  const t = useMessages();
  const [podId, setPodId] = useState(initial.podId);
  const [podName, setPodName] = useState(initial.podName);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const details = podDetailsSchema.safeParse({ podId, podName });
    if (!details.success) return onError(details.error.issues[0]!.message);
    onError(null);
    onSave(details.data);
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <ErrorBanner message={error} onClose={() => onError(null)} />
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('pods.fields.podId')}
              value={podId}
              onChange={(event) => setPodId(event.target.value)}
              required
              autoFocus
            />
            <TextField
              label={t('pods.fields.podName')}
              value={podName}
              onChange={(event) => setPodName(event.target.value)}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
