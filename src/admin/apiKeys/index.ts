import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { lazyScreen } from '../screens';

/** API keys (admins): the list at /api-keys, where keys are made and revoked. */
export const apiKeys = {
  list: lazyScreen(() => import('./ApiKeyList')),
  icon: KeyIcon,
  recordRepresentation: 'name',
};
