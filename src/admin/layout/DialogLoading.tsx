import { CircularProgress, Dialog, DialogContent } from '@mui/material';
import { useMessages } from '../i18n';

/** What a dialog kept in a chunk of its own shows while that chunk arrives: a spinner, closable. */
export function DialogLoading({ onClose }: { onClose: () => void }) {
  const t = useMessages();
  return (
    <Dialog open onClose={onClose} aria-label={t('app.loading')}>
      <DialogContent>
        <CircularProgress aria-label={t('app.loading')} />
      </DialogContent>
    </Dialog>
  );
}
