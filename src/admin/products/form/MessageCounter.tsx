import { Box, Typography } from '@mui/material';
import { LIMITS } from '../../../shared/constants';
import { messageLength, type MessageLink } from '../../../shared/product';
import { useMessages } from '../../i18n';

export type CounterState = 'ok' | 'warning' | 'over';

export function counterState(length: number): CounterState {
  if (length > LIMITS.messageText) return 'over';
  return length > LIMITS.messageTextWarning ? 'warning' : 'ok';
}

const COLORS = { ok: 'text.secondary', warning: 'warning.main', over: 'error.main' } as const;

/**
 * The live length of a message: text plus link URLs, out of 160. Orange above 140, red with
 * 'Exceeds limit!' above 160 (spec section 5).
 */
export function MessageCounter({ text, links }: { text: string; links: MessageLink[] }) {
  const t = useMessages();
  const linksLength = links.reduce((sum, link) => sum + (link.url?.length ?? 0), 0);
  const length = messageLength({ text, links });
  const state = counterState(length);
  return (
    <Box sx={{ textAlign: 'right' }} data-state={state} data-testid="message-counter">
      <Typography
        component="span"
        sx={{ color: COLORS[state], fontWeight: state === 'ok' ? 400 : 700 }}
      >
        {t('products.counter', { length })}
      </Typography>
      {state === 'over' && (
        <Typography component="span" sx={{ color: COLORS.over, fontWeight: 700, ml: 1 }}>
          {t('products.exceedsLimit')}
        </Typography>
      )}
      {linksLength > 0 && (
        <Typography variant="caption" component="div" color="text.secondary">
          {t('products.lengthDetail', { text: text.length, links: linksLength, total: length })}
        </Typography>
      )}
    </Box>
  );
}
