import ReplyIcon from '@mui/icons-material/ReplyOutlined';
import { lazyScreen } from '../screens';

/**
 * The replies received, read-only: every message phones sent, at /inbound-messages (the API's
 * name). It has no page per reply: a known sender's replies read best in their contact's
 * conversation, which the list links to.
 */
export const replies = {
  list: lazyScreen(() => import('./ReplyList')),
  icon: ReplyIcon,
  recordRepresentation: 'fromPhone',
};

/** Where the messages list links to, and back. */
export const REPLIES_PATH = '/inbound-messages';
