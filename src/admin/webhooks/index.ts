import WebhookIcon from '@mui/icons-material/WebhookOutlined';
import { lazyScreen } from '../screens';

/**
 * Webhook endpoints (admins): the list at /webhooks, where endpoints are added, and one endpoint
 * with its delivery log at /webhooks/{id} (where react-admin puts an edit view, as for pods).
 */
export const webhooks = {
  list: lazyScreen(() => import('./WebhookList')),
  detail: lazyScreen(() => import('./WebhookDetail')),
  icon: WebhookIcon,
  recordRepresentation: 'url',
};
