import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useListContext } from 'react-admin';
import { messages } from '../../shared/messages';
import { saveBlob } from '../download';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';

/** Downloads the contacts the list's filters match, in its sort order, as CSV (every page). */
export function ExportCsvButton({ onError }: { onError: (message: string) => void }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const { filterValues, sort } = useListContext();
  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider.exportContactsCsv({ filter: filterValues, sort }),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
    onError: (e: unknown) => onError(serverMessage(e, messages.contacts.errors.export)),
  });
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={() => mutate()}
      disabled={isPending}
    >
      {t('contacts.exportCsv')}
    </Button>
  );
}
