import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { messages } from '../../shared/messages';
import type { PodDetail, PodSummary } from '../../shared/responses/pods';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { PodDetailsDialog, type PodDetails } from './PodDetailsDialog';
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
  const [error, setError] = useState<string | null>(null);

  const { mutate, isPending } = useMutation({
    mutationFn: (details: PodDetails) => dataProvider.updatePod(pod.id, details),
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

  return (
    <PodDetailsDialog
      title={t('pods.editTitle')}
      submitLabel={t('pods.save')}
      initial={pod}
      saving={isPending}
      error={error}
      onError={setError}
      onSave={(details) => mutate(details)}
      onClose={onClose}
    />
  );
}
