import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useListContext } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../../shared/messages';
import { defaultPodId, type PodSummary } from '../../shared/pod';
import { podDetailsSchema } from '../../shared/validation/pod';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { successState } from '../lists/SuccessBanner';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';

/**
 * 'Create Pod (N selected)': a pod made of the selected contacts (from any page of the list), in
 * one request and one transaction on the server. The success banner shows on the list.
 */
export function CreatePodButton() {
  const t = useMessages();
  const { selectedIds } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="contained"
        startIcon={<GroupAddIcon />}
        onClick={() => setOpen(true)}
      >
        {t('contacts.createPod', { count: selectedIds.length })}
      </Button>
      {open && <CreatePodDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function CreatePodDialog({ onClose }: { onClose: () => void }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const { selectedIds, onUnselectItems } = useListContext();
  const navigate = useNavigate();
  const location = useLocation();
  const [podId, setPodId] = useState(() => defaultPodId());
  const [podName, setPodName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const { mutate, isPending } = useMutation({
    mutationFn: (details: { podId: string; podName: string }) =>
      dataProvider.createPodFromContacts({ ...details, contactIds: selectedIds }),
    onSuccess: (pod: PodSummary) => {
      onUnselectItems();
      onClose();
      const text = t('pods.created', { name: pod.podName, count: pod.activeMemberCount });
      navigate(`${location.pathname}${location.search}`, {
        replace: true,
        ...successState(text),
      });
    },
    onError: (e: unknown) => setError(serverMessage(e, messages.pods.errors.create)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selectedIds.length === 0) return setError(t('pods.selectAtLeastOne'));
    const details = podDetailsSchema.safeParse({ podId, podName });
    if (!details.success) return setError(details.error.issues[0]!.message);
    setError(null);
    mutate(details.data);
  };

  return (
    <Dialog open onClose={isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('pods.createTitle')}</DialogTitle>
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
            {t('pods.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
