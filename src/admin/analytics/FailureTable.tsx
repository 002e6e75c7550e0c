import {
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { AnalyticsFailure } from '../../shared/responses/figures';
import { formatCount } from '../format';
import { useMessages } from '../i18n';
import { messagesListPath } from '../messages/messagePaths';

/**
 * The most frequent reasons messages failed, as the provider (or the delivery engine) gave them.
 * The outbox cannot filter by reason, so each opens the failed and undelivered messages (of the
 * program, when one is chosen), where the reason shows on each.
 */
export function FailureTable({
  failures,
  programId,
}: {
  failures: readonly AnalyticsFailure[];
  programId: string | null;
}) {
  const t = useMessages();
  if (failures.length === 0) {
    return <Typography color="text.secondary">{t('analytics.failures.empty')}</Typography>;
  }
  const failedMessages = messagesListPath({
    ...(programId ? { programId } : {}),
    status: ['failed', 'undelivered'],
  });
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('analytics.failures.help')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('analytics.failures.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('analytics.failures.code')}</TableCell>
              <TableCell>{t('analytics.failures.message')}</TableCell>
              <TableCell align="right">{t('analytics.failures.count')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {failures.map((failure) => (
              <TableRow key={`${failure.errorCode}-${failure.errorMessage}`}>
                <TableCell>{failure.errorCode ?? t('delivery.none')}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={failedMessages}>
                    {failure.errorMessage ?? t('delivery.panel.noReason')}
                  </Link>
                </TableCell>
                <TableCell align="right">{formatCount(failure.count)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
