import InboxIcon from '@mui/icons-material/InboxOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useMessages } from '../i18n';
import { useInboxCounts } from './inboxQueries';

/** The inbox's new replies, newest first: where the top bar's button and the dashboard lead. */
export const NEW_REPLIES_PATH = `/inbound-messages?filter=${encodeURIComponent(
  JSON.stringify({ state: 'new' }),
)}`;

/** The top bar's inbox icon beside Logout, with the number of new replies (named in full). */
export function InboxButton() {
  const t = useMessages();
  const count = useInboxCounts().data?.new ?? 0;
  const label = t('nav.inboxCount', { smart_count: count });
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to={NEW_REPLIES_PATH} color="inherit" aria-label={label}>
        <Badge badgeContent={count} color="error" max={99}>
          <InboxIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
