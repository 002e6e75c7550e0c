import { Box, Typography } from '@mui/material';
import type { MessageOpens } from '../../shared/responses/clicks';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { linkOpensText } from './linkOpensText';

/**
 * A message's tracked links as the recipient used them: how often they opened them, and when
 * first, in a quieter line. Nothing for a message without a tracked link.
 */
export function LinkOpens({ opens }: { opens: MessageOpens | null }) {
  const t = useMessages();
  if (!opens) return null;
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {linkOpensText(t, opens)}
      </Typography>
      {opens.firstAt && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('delivery.linkOpens.firstAt', { time: formatDateTime(opens.firstAt) })}
        </Typography>
      )}
    </Box>
  );
}
