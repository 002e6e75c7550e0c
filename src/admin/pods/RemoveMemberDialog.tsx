import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useDelete } from 'react-admin';
import { messages } from '../../shared/messages';
import { useMessages } from '../i18n';
import { serverMessage } from '../providers/httpClient';
import { POD_MEMBERS } from '../providers/podMembersResource';
import type { MemberRecord } from './PodMembersTable';

/**
 * 'Are you sure you want to remove this member from the pod?': Cancel leaves the pod as it was;
 * Remove takes the member out (the server keeps the membership as history). The dialog stays
 * open, its buttons disabled, until the server has answered; react-admin then drops the row and
 * reloads the members.
 */
export function RemoveMemberDialog({
  podId,
  member,
  onClose,
  onRemoved,
  onFailed,
}: {
  podId: string;
  member: MemberRecord;
  onClose: () => void;
  onRemoved: () => void;
  onFailed: (message: string) => void;
}) {
  const t = useMessages();
  const questionId = useId();
  const [remove, { isPending }] = useDelete<MemberRecord>();
  const confirm = () =>
    remove(
      POD_MEMBERS,
      { id: member.id, previousData: member, meta: { podId } },
      {
        mutationMode: 'pessimistic',
        onSuccess: onRemoved,
        onError: (e: unknown) => onFailed(serverMessage(e, messages.pods.errors.removeMember)),
      },
    );
  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={questionId}
    >
      <DialogContent>
        <DialogContentText id={questionId}>{t('pods.removeConfirm')}</DialogContentText>
        <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>
          {member.userId.fullName}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending} autoFocus>
          {t('app.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isPending}>
          {t('pods.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
