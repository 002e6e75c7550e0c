import { Button } from '@mui/material';
import { DataTable } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { POD_STATUSES, type PodStatus } from '../../shared/constants';
import type { PodSummary } from '../../shared/responses/pods';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import {
  EmptyList,
  FilterCard,
  ListCard,
  PageHeader,
  SearchFilter,
  SelectFilter,
  ServerList,
  useFilterTags,
} from '../lists/ListParts';
import { PodStatusChip } from './PodStatusChip';

export const podDetailPath = (id: string | number) => `/pods/${id}`;

/**
 * /pods: search by pod id or name, status filter, sortable columns, server-side paging. Pods are
 * created from a selection on the contacts list, so the header leads there.
 */
export default function PodList() {
  return (
    <ServerList resource="pods">
      <PodListView />
    </ServerList>
  );
}

function PodListView() {
  const t = useMessages();
  const tags = useFilterTags({
    q: (q) => t('pods.searchFilterTag', { q }),
    status: (status) =>
      t('pods.statusFilterTag', { status: t(`pods.statuses.${status as PodStatus}`) }),
  });
  return (
    <>
      <PageHeader
        title={t('pods.title')}
        action={
          <Button variant="contained" component={RouterLink} to="/contacts">
            {t('pods.goToContacts')}
          </Button>
        }
      />
      <FilterCard tags={tags}>
        <SearchFilter label={t('pods.listFields.search')} />
        <SelectFilter
          source="status"
          label={t('pods.listFields.status')}
          allLabel={t('pods.allStatuses')}
          options={POD_STATUSES.map((status) => ({
            value: status,
            label: t(`pods.statuses.${status}`),
          }))}
        />
      </FilterCard>
      <ListCard resource="pods" items={t('pods.items')}>
        <DataTable
          rowClick={(id) => podDetailPath(id)}
          bulkActionButtons={false}
          empty={<EmptyList text={t('lists.empty.pods')} />}
        >
          <DataTable.Col source="podId" label={t('pods.listFields.podId')} />
          <DataTable.Col source="podName" label={t('pods.listFields.podName')} />
          <DataTable.NumberCol source="activeMemberCount" label={t('pods.listFields.members')} />
          <DataTable.Col
            source="status"
            label={t('pods.listFields.status')}
            render={(pod: PodSummary) => <PodStatusChip status={pod.status} />}
          />
          <DataTable.Col
            source="createdAt"
            label={t('pods.listFields.createdAt')}
            render={(pod: PodSummary) => formatDateTime(pod.createdAt)}
          />
        </DataTable>
      </ListCard>
    </>
  );
}
