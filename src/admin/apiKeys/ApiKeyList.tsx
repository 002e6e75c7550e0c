import { Chip, Typography } from '@mui/material';
import { DataTable } from 'react-admin';
import type { ApiKey } from '../../shared/responses/api-keys';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { DateTimeCol } from '../lists/DateTimeCol';
import { ListScreen } from '../lists/ListScreen';
import { CreateApiKeyButton } from './CreateApiKeyButton';
import { RevokeApiKeyButton } from './RevokeApiKeyButton';

/**
 * /api-keys (admins): every API key, revoked and expired ones too, newest first, paged and sorted
 * on the server. A new key's secret shows once, in the dialog that made it; a key is revoked here.
 */
export default function ApiKeyList() {
  const t = useMessages();
  return (
    <ListScreen
      list="apiKeys"
      resource="api-keys"
      search={false}
      action={<CreateApiKeyButton />}
      notices={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('apiKeys.intro')}
        </Typography>
      }
      rowClick={false}
    >
      <DataTable.Col source="name" />
      <DataTable.Col
        source="secretStart"
        disableSort
        render={(key: ApiKey) => (
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {`${key.secretStart}…`}
          </Typography>
        )}
      />
      <DataTable.Col
        source="role"
        disableSort
        render={(key: ApiKey) => t(`apiKeys.roles.${key.role}`)}
      />
      <DataTable.Col
        source="status"
        disableSort
        render={(key: ApiKey) => (
          <Chip
            size="small"
            label={t(`apiKeys.statuses.${key.status}`)}
            color={key.status === 'active' ? 'success' : 'default'}
            variant={key.status === 'active' ? 'filled' : 'outlined'}
          />
        )}
      />
      <DataTable.Col
        source="createdByName"
        disableSort
        render={(key: ApiKey) => key.createdBy.fullName}
      />
      <DateTimeCol source="createdAt" />
      <DataTable.Col
        source="lastUsedAt"
        render={(key: ApiKey) =>
          key.lastUsedAt
            ? t('apiKeys.lastUsedFrom', {
                at: formatDateTime(key.lastUsedAt),
                ip: key.lastUsedIp ?? '',
              })
            : t('apiKeys.neverUsed')
        }
      />
      <DataTable.Col
        source="expiresAt"
        render={(key: ApiKey) =>
          key.expiresAt ? formatDateTime(key.expiresAt) : t('apiKeys.never')
        }
      />
      <DataTable.Col
        label={t('apiKeys.revoke')}
        disableSort
        render={(key: ApiKey) => <RevokeApiKeyButton apiKey={key} />}
      />
    </ListScreen>
  );
}
