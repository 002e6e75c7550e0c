import { Chip, Tooltip } from '@mui/material';
import type { MessageStatus } from '../../shared/delivery';
import { useStatusWords } from './useStatusWords';

/**
 * Green only for what the carrier confirmed, blue for what is under way or with the provider,
 * red for what did not reach the phone, amber for what needs a look, grey for what was not sent.
 */
const STATUS_COLORS = {
  queued: 'default',
  sending: 'info',
  unknown: 'warning',
  sent: 'info',
  delivered: 'success',
  undelivered: 'error',
  failed: 'error',
  expired: 'warning',
  canceled: 'default',
  skipped: 'default',
} as const satisfies Record<MessageStatus, string>;

/**
 * A message's status in words, with what it means on hover or focus. Inside a link the chip is not
 * focusable itself (`focusable={false}`): the link is.
 */
export function MessageStatusChip({
  status,
  focusable = true,
}: {
  status: MessageStatus;
  focusable?: boolean;
}) {
  const words = useStatusWords();
  return (
    // describeChild: the chip keeps its word as its name; the explanation describes it.
    <Tooltip title={words.help(status)} describeChild>
      <Chip
        size="small"
        tabIndex={focusable ? 0 : undefined}
        color={STATUS_COLORS[status]}
        variant={status === 'delivered' ? 'filled' : 'outlined'}
        label={words.word(status)}
      />
    </Tooltip>
  );
}
