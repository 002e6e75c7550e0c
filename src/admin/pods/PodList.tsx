import { DataTable, SelectInput } from 'react-admin';
import { POD_STATUSES, type PodStatus } from '../../shared/constants';
import type { PodSummary } from '../../shared/pod';
import { useMessages } from '../i18n';
import { DateTimeCol } from '../lists/DateTimeCol';
import { choicesOf } from '../lists/filterInputs';
import { LinkButton } from '../lists/ListParts';
import { ListScreen } from '../lists/ListScreen';
import { PodStatusChip } from './PodStatusChip';

export const podDetailPath = (id: string | number) => `/pods/${id}`;

const statusChip = (pod: PodSummary) => <PodStatusChip status={pod.status} />;

/**
 * /pods: search by pod id or name, status filter, sortable columns, server-side paging. Pods are
 * created from a selection on the contacts list, so the header leads there.
 */
export default function PodList() {
  const t = useMessages();
  const statusName = (status: string) => t(`pods.statuses.${status as PodStatus}`);
  const statuses = choicesOf(POD_STATUSES, statusName);
  return (
    <ListScreen
      list="pods"
      action={
        <LinkButton to="/contacts" primary>
          {t('pods.goToContacts')}
        </LinkButton>
      }
      filters={[
        <SelectInput source="status" emptyText={t('pods.allStatuses')} choices={statuses} />,
      ]}
      tags={{ status: (status) => t('pods.statusFilterTag', { status: statusName(status) }) }}
      rowClick={(id) => podDetailPath(id)}
    >
      <DataTable.Col source="podId" />
      <DataTable.Col source="podName" />
      <DataTable.NumberCol source="activeMemberCount" />
      <DataTable.Col source="status" render={statusChip} />
      <DateTimeCol source="createdAt" />
    </ListScreen>
  );
}
