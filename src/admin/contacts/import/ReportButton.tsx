import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { saveBlob } from '../../download';
import { useMessages } from '../../i18n';
import { downloadContactImportReport } from '../../providers/contactImportsApi';
import { useSignedInCall } from '../../providers/useSignedInCall';

/** Saves the CSV of the rows an import left out, each with its reason, ready to fix and import. */
export function ReportButton({ importId }: { importId: string }) {
  const t = useMessages();
  const notify = useNotify();
  const signedIn = useSignedInCall();
  const { mutate, isPending } = useMutation({
    mutationFn: () => signedIn(() => downloadContactImportReport(importId)),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
    onError: () => notify(t('contactImport.reportFailed'), { type: 'error' }),
  });
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={isPending}
      onClick={() => mutate()}
    >
      {t('contactImport.downloadReport')}
    </Button>
  );
}
