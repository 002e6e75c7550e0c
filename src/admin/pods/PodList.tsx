import { DataTable, SelectInput } from 'react-admin';
import { POD_STATUSES, type PodStatus } from '../../shared/constants';
import type { PodSummary } from '../../shared/pod';
import { useMessages } from '../i18n';
import { DateTimeCol } from '../lists/DateTimeCol';
import { choicesOf, searchFilter } from '../lists/filterInputs';
import { LinkButton } from '../lists/ListParts';
import { ListScreen } from '../lists/ListScreen';
import { PodStatusChip } from './PodStatusChip';

export const podDetailPath = (id: string | number) => `/pods/${id}`;

/**
 * /pods: search by pod id or name, status filter, sortable columns, server-side paging. Pods are
 * created from a selection on the contacts list, so the header leads there.
 */
export default function PodList() {
  const t = useMessages();
  const statusName = (status: string) => t(`pods.statuses.${status as PodStatus}`);
  return (
    <ListScreen
      list="pods"
      action={
        <LinkButton to="/contacts" primary>
          {t('pods.goToContacts')}
        </LinkButton>
      }
      filters={[
        searchFilter,
        <SelectInput
          source="status"
          emptyText={t('pods.allStatuses')}
          choices={choicesOf(POD_STATUSES, statusName)}
        />,
      ]}
      tags={{
        q: (q) => t('pods.searchFilterTag', { q }),
        status: (status) => t('pods.statusFilterTag', { status: statusName(status) }),
      }}
      rowClick={(id) => podDetailPath(id)}
    >
      <DataTable.Col source="podId" />
      <DataTable.Col source="podName" />
      <DataTable.NumberCol source="activeMemberCount" />
      <DataTable.Col
        source="status"
        render={(pod: PodSummary) => <PodStatusChip status={pod.status} />}
      />
      <DateTimeCol source="createdAt" />
    </ListScreen>
  );
}
