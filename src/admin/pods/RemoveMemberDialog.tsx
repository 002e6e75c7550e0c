import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { messages } from '../../shared/messages';
import type { PodMember } from '../../shared/pod';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';

/** The contact id of a membership (`userId` is the contact object, spec section 3). */
export const memberContactId = (member: PodMember) => member.userId._id ?? member.userId.id;

/**
 * 'Are you sure you want to remove this member from the pod?': Cancel leaves the pod as it was;
 * Remove takes the member out (the server keeps the membership as history). The dialog stays
 * open, its buttons disabled, until the server has answered.
 */
export function RemoveMemberDialog({
  podId,
  member,
  onClose,
  onRemoved,
  onFailed,
}: {
  podId: string;
  member: PodMember;
  onClose: () => void;
  onRemoved: () => void;
  onFailed: (message: string) => void;
}) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider.removePodMember(podId, memberContactId(member)),
    onSuccess: onRemoved,
    onError: (e: unknown) => onFailed(serverMessage(e, messages.pods.errors.removeMember)),
  });
  return (
    <Dialog open onClose={isPending ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogContent>
        <DialogContentText>{t('pods.removeConfirm')}</DialogContentText>
        <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>
          {member.userId.fullName}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending} autoFocus>
          {t('app.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={() => mutate()} disabled={isPending}>
          {t('pods.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
