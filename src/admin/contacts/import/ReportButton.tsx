import { useMessages } from '../../i18n';
import { DownloadButton } from '../../lists/DownloadButton';
import { downloadContactImportReport } from '../../providers/contactImportsApi';
import { useSignedInCall } from '../../providers/useSignedInCall';

/** Saves the CSV of the rows an import left out, each with its reason, ready to fix and import. */
export function ReportButton({ importId }: { importId: string }) {
  const t = useMessages();
  const signedIn = useSignedInCall();
  return (
    <DownloadButton
      label={t('contactImport.downloadReport')}
      download={() => signedIn(() => downloadContactImportReport(importId))}
      failure={() => t('contactImport.reportFailed')}
    />
  );
}
