import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId, useState } from 'react';
import { useMessages } from '../../i18n';

/**
 * Asked before the messages of a program that has started sending are moved: how many have gone
 * out (and will not go again) and how many the new schedule leaves to come.
 */
export function ConfirmChangeDialog({
  counts,
  onClose,
}: {
  counts: { sent: number; toCome: number } | null;
  onClose: (confirmed: boolean) => void;
}) {
  const t = useMessages();
  const titleId = useId();
  const bodyId = useId();
  // The text stays while the dialog fades out.
  const [shown, setShown] = useState(counts);
  if (counts && counts !== shown) setShown(counts);
  return (
    <Dialog
      open={counts !== null}
      onClose={() => onClose(false)}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <DialogTitle id={titleId}>{t('programs.confirmChange.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>
          {shown && t('programs.confirmChange.body', shown)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('app.cancel')}</Button>
        <Button variant="contained" onClick={() => onClose(true)}>
          {t('programs.confirmChange.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
