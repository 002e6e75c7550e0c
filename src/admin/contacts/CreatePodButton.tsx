import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useListContext } from 'react-admin';
import { TIMINGS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { defaultPodId } from '../../shared/pod';
import type { PodSummary } from '../../shared/responses/pods';
import { useMessages } from '../i18n';
import { useSuccessNotice } from '../lists/useSuccessNotice';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { PodDetailsDialog, type PodDetails } from '../pods/PodDetailsDialog';

/**
 * 'Create Pod (N selected)': a pod made of the selected contacts (from any page of the list), in
 * one request and one transaction on the server. The success notice shows over the list.
 */
export function CreatePodButton() {
  const t = useMessages();
  const { selectedIds } = useListContext();
  const [open, setOpen] = useState(false);
  // react-admin keeps its bulk actions bar in the page, folded to no height, while nothing is
  // selected: the button would be there for the keyboard and on top of the list's header.
  if (selectedIds.length === 0 && !open) return null;
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
  const notice = useSuccessNotice();
  const [error, setError] = useState<string | null>(null);

  const { mutate, isPending } = useMutation({
    mutationFn: (details: PodDetails) =>
      dataProvider.createPodFromContacts({ ...details, contactIds: selectedIds }),
    onSuccess: (pod: PodSummary) => {
      onUnselectItems();
      onClose();
      notice(
        t('pods.created', { name: pod.podName, count: pod.activeMemberCount }),
        TIMINGS.podBannerMs,
      );
    },
    onError: (e: unknown) => setError(serverMessage(e, messages.pods.errors.create)),
  });

  return (
    <PodDetailsDialog
      title={t('pods.createTitle')}
      submitLabel={t('pods.create')}
      initial={{ podId: defaultPodId(), podName: '' }}
      saving={isPending}
      error={error}
      onError={setError}
      onSave={(details) =>
        selectedIds.length === 0 ? setError(t('pods.selectAtLeastOne')) : mutate(details)
      }
      onClose={onClose}
    />
  );
}
