import { DataTable } from 'react-admin';
import { POD_STATUSES } from '../../shared/constants';
import type { PodSummary } from '../../shared/responses/pods';
import { DateTimeCol } from '../lists/DateTimeCol';
import { LinkButton } from '../lists/ListParts';
import { ListScreen } from '../lists/ListScreen';
import { PodStatusChip } from './PodStatusChip';

export const podDetailPath = (id: string | number) => `/pods/${id}`;

const statusChip = (pod: PodSummary) => <PodStatusChip status={pod.status} />;
const toContacts = <LinkButton to="/contacts" text="pods.goToContacts" primary />;

/**
 * /pods: search by pod id or name, status filter, sortable columns, server-side paging. Pods are
 * created from a selection on the contacts list, so the header leads there.
 */
export default function PodList() {
  return (
    <ListScreen list="pods" statuses={POD_STATUSES} action={toContacts} rowClick={podDetailPath}>
      <DataTable.Col source="podId" />
      <DataTable.Col source="podName" />
      <DataTable.NumberCol source="activeMemberCount" />
      <DataTable.Col source="status" render={statusChip} />
      <DateTimeCol source="createdAt" />
    </ListScreen>
  );
}
