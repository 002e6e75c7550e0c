import { useDataProvider, useListContext } from 'react-admin';
import { messages } from '../../shared/messages';
import { useMessages } from '../i18n';
import { DownloadButton } from '../lists/DownloadButton';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';

/** Downloads the contacts the list's filters match, in its sort order, as CSV (every page). */
export function ExportCsvButton({ onError }: { onError: (message: string) => void }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const { filterValues, sort } = useListContext();
  return (
    <DownloadButton
      label={t('contacts.exportCsv')}
      download={() => dataProvider.exportContactsCsv({ filter: filterValues, sort })}
      failure={(e) => serverMessage(e, messages.contacts.errors.export)}
      onError={onError}
    />
  );
}
