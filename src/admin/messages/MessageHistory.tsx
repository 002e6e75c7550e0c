import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ApiMessageEvent } from '../../shared/responses/messages';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { MessageStatusChip } from './MessageStatusChip';
import { errorText } from './messageText';

/** Every status change of a message, oldest first: when, to what, by whom, and why it failed. */
export function MessageHistory({ history }: { history: readonly ApiMessageEvent[] }) {
  const t = useMessages();
  if (history.length === 0) {
    return <Typography color="text.secondary">{t('delivery.noHistory')}</Typography>;
  }
  return (
    <Table size="small" aria-label={t('delivery.historyTitle')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('delivery.fields.time')}</TableCell>
          <TableCell>{t('delivery.fields.status')}</TableCell>
          <TableCell>{t('delivery.fields.source')}</TableCell>
          <TableCell>{t('delivery.fields.error')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.map((event, index) => (
          <TableRow key={`${event.at}-${index}`}>
            <TableCell>{formatDateTime(event.at)}</TableCell>
            <TableCell>
              <MessageStatusChip status={event.status} />
            </TableCell>
            <TableCell>{t(`delivery.sources.${event.source}`)}</TableCell>
            <TableCell>{errorText(event) ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
