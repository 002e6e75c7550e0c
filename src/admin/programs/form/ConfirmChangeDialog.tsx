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
import type { ChangeCounts } from './scheduleChange';

/**
 * Asked before the messages of a program under way are moved: the days the outbox says were sent
 * and how many messages they were (they will not go again; claimed only when there are any), and
 * the days the new schedule has to come, as its preview shows them.
 */
export function ConfirmChangeDialog({
  counts,
  onClose,
}: {
  counts: ChangeCounts | null;
  onClose: (confirmed: boolean) => void;
}) {
  const t = useMessages();
  const text = (shown: ChangeCounts) =>
    [
      shown.messagesSent === 0
        ? t('programs.confirmChange.noneSent')
        : t('programs.confirmChange.sent', {
            days: shown.daysSent,
            messages: shown.messagesSent,
          }),
      t('programs.confirmChange.toCome', { days: shown.daysToCome }),
    ].join(' ');
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
        <DialogContentText id={bodyId}>{shown && text(shown)}</DialogContentText>
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
