import { Typography } from '@mui/material';
import type { ApiInboundMessage } from '../../shared/responses/messages';
import { useMessages } from '../i18n';

/**
 * 'Simulated by Ada Lovelace' for a reply a staff member typed with Simulate reply, so that it is
 * never taken for the phone's own; nothing for a reply a phone sent.
 */
export function SimulatedBy({ message }: { message: ApiInboundMessage }) {
  const t = useMessages();
  if (!message.simulatedBy) return null;
  return (
    <Typography variant="caption" color="text.secondary">
      {t('conversations.simulatedBy', {
        staff: message.simulatedByName ?? t('conversations.optin.someStaff'),
      })}
    </Typography>
  );
}
