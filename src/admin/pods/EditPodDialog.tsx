import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import { messages } from '../../shared/messages';
import type { PodDetail, PodSummary } from '../../shared/pod';
import { podDetailsSchema } from '../../shared/validation/pod';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { podKeys } from './podQueries';

/**
 * 'Edit Details': the pod's Pod ID and Pod Name, both required once trimmed. A refusal (e.g. a
 * Pod ID another pod has) stays in the modal so the user can fix it.
 */
export function EditPodDialog({
  pod,
  onClose,
  onSaved,
}: {
  pod: PodSummary;
  onClose: () => void;
  onSaved: (pod: PodSummary) => void;
}) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const queryClient = useQueryClient();
  const [podId, setPodId] = useState(pod.podId);
  const [podName, setPodName] = useState(pod.podName);
  const [error, setError] = useState<string | null>(null);

  const { mutate, isPending } = useMutation({
    mutationFn: (details: { podId: string; podName: string }) =>
      dataProvider.updatePod(pod.id, details),
    onSuccess: (saved: PodSummary) => {
      // The page shows the new values at once; its programs are not part of the answer.
      queryClient.setQueryData<PodDetail>(podKeys.detail(String(pod.id)), (previous) =>
        previous ? { ...previous, ...saved } : previous,
      );
      void queryClient.invalidateQueries({ queryKey: ['pods'] });
      onSaved(saved);
    },
    onError: (e: unknown) => setError(serverMessage(e, messages.pods.errors.update)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const details = podDetailsSchema.safeParse({ podId, podName });
    if (!details.success) return setError(details.error.issues[0]!.message);
    setError(null);
    mutate(details.data);
  };

  return (
    <Dialog open onClose={isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('pods.editTitle')}</DialogTitle>
        <DialogContent>
          <ErrorBanner message={error} onClose={() => setError(null)} />
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
          <Button onClick={onClose} disabled={isPending}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isPending}>
            {t('pods.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
