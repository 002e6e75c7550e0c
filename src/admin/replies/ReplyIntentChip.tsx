import { Chip } from '@mui/material';
import type { ReplyIntent } from '../../shared/keywords';
import { useMessages } from '../i18n';

/** What a reply asked for (JOIN, STOP, HELP) as a chip, an opt-out in warning colour; none for free text. */
export function ReplyIntentChip({ intent }: { intent: ReplyIntent | null }) {
  const t = useMessages();
  if (!intent) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={intent === 'optout' || intent === 'review' ? 'warning' : 'default'}
      label={t(`conversations.intents.${intent}`)}
    />
  );
}
