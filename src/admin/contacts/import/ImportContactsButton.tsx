import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { Button } from '@mui/material';
import { useMessages } from '../../i18n';
import { preloadImportDialog } from './useImportDialog';

/** 'Import contacts': opens the dialog, whose chunk is fetched as soon as the button is pointed at. */
export function ImportContactsButton({ onClick }: { onClick: () => void }) {
  const t = useMessages();
  return (
    <Button
      variant="outlined"
      startIcon={<UploadIcon />}
      onPointerEnter={preloadImportDialog}
      onFocus={preloadImportDialog}
      onClick={onClick}
    >
      {t('contactImport.open')}
    </Button>
  );
}
