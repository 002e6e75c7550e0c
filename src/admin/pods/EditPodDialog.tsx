import { useState } from 'react';
import { useUpdate } from 'react-admin';
import { messages } from '../../shared/messages';
import type { PodSummary } from '../../shared/responses/pods';
import { useMessages } from '../i18n';
import { serverMessage } from '../providers/httpClient';
import { PodDetailsDialog } from './PodDetailsDialog';

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
  const [error, setError] = useState<string | null>(null);

  // PUT /api/pods/{id} through react-admin, once the server has answered: the answer goes into
  // react-admin's caches of the pod (the page shows the new values at once, its programs kept) and
  // of the pods lists.
  const [update, { isPending }] = useUpdate<PodSummary>('pods', undefined, {
    mutationMode: 'pessimistic',
    onSuccess: onSaved,
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
      onSave={(details) => update('pods', { id: pod.id, data: details, previousData: pod })}
      onClose={onClose}
    />
  );
}
