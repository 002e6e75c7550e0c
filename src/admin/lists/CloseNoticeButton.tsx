import CloseIcon from '@mui/icons-material/Close';
import { IconButton } from '@mui/material';
import { useCloseNotification, useTranslate } from 'react-admin';

/** The success banner's Close: react-admin's notification has none of its own. */
export function CloseNoticeButton() {
  const close = useCloseNotification();
  const translate = useTranslate();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={translate('ra.action.close')}
      onClick={close}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}
