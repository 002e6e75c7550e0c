import MessageIcon from '@mui/icons-material/SmsOutlined';
import { lazyScreen } from '../screens';

/**
 * The messages resource, read-only: the outbox's list at /messages and one message with its
 * history at /messages/{id} (where react-admin puts an edit view, as for pods).
 */
export const outbox = {
  list: lazyScreen(() => import('./MessageList')),
  detail: lazyScreen(() => import('./MessageShow')),
  icon: MessageIcon,
  recordRepresentation: 'toPhone',
};
