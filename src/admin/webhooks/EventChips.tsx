import { Chip, Stack, Typography } from '@mui/material';
import type { Webhook } from '../../shared/responses/webhooks';
import { useMessages } from '../i18n';

/** How many event types a row names before it counts the rest: the column stays narrow. */
const SHOWN = 2;

/** An endpoint's event types as they are named on the wire (`message.sent`), the first few. */
export function EventChips({ events }: { events: Webhook['events'] }) {
  const t = useMessages();
  const rest = events.length - SHOWN;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      {events.slice(0, SHOWN).map((event) => (
        <Chip
          key={event}
          size="small"
          variant="outlined"
          label={event}
          sx={{ fontFamily: 'monospace' }}
        />
      ))}
      {rest > 0 && (
        <Typography variant="body2" color="text.secondary" component="span">
          {t('webhooks.moreEvents', { count: rest })}
        </Typography>
      )}
    </Stack>
  );
}
