import { Button } from '@mui/material';
import { DataTable, useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { OFFERINGS, PROGRAM_STATUSES, type ProgramStatus } from '../../shared/constants';
import type { Program } from '../../shared/responses/programs';
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
import { OfferingChip, ProgramStatusChip } from './ProgramChips';
import { programEditPath } from './programPaths';
import { formatLocalDate } from './scheduleFormat';

const NONE = '—';

/**
 * /programs: search by name, offering and status filters, sortable columns, server-side paging.
 */
export default function ProgramList() {
  return (
    <ServerList resource="programs">
      <ProgramListView />
    </ServerList>
  );
}

function ProgramListView() {
  const t = useMessages();
  const tags = useFilterTags({
    q: (q) => t('programs.searchFilterTag', { q }),
    offering: (offering) => t('programs.offeringFilterTag', { offering }),
    status: (status) =>
      t('programs.statusFilterTag', { status: t(`programs.statuses.${status as ProgramStatus}`) }),
  });
  const { filterValues } = useListContext();
  const filtered = Object.keys(filterValues).length > 0;

  return (
    <>
      <PageHeader
        title={t('programs.title')}
        action={
          <Button variant="contained" component={RouterLink} to="/programs/create">
            {t('programs.createNew')}
          </Button>
        }
      />
      <FilterCard tags={tags}>
        <SearchFilter label={t('programs.fields.search')} />
        <SelectFilter
          source="offering"
          label={t('programs.fields.offering')}
          allLabel={t('programs.allOfferings')}
          options={OFFERINGS.map((offering) => ({ value: offering, label: offering }))}
        />
        <SelectFilter
          source="status"
          label={t('programs.fields.status')}
          allLabel={t('programs.allStatuses')}
          options={PROGRAM_STATUSES.map((status) => ({
            value: status,
            label: t(`programs.statuses.${status}`),
          }))}
        />
      </FilterCard>
      <ListCard resource="programs" items={t('programs.items')}>
        <DataTable
          rowClick={(id) => programEditPath(id)}
          bulkActionButtons={false}
          empty={
            <EmptyList
              text={filtered ? t('lists.empty.programsFiltered') : t('lists.empty.programs')}
            />
          }
        >
          <DataTable.Col source="programName" label={t('programs.fields.programName')} />
          <DataTable.Col
            source="productName"
            label={t('programs.fields.product')}
            render={(program: Program) => program.productName ?? NONE}
          />
          {/* The timeframe is derived from the product's days, so it sorts by them. */}
          <DataTable.Col
            source="productDays"
            label={t('programs.fields.timeframe')}
            render={(program: Program) => program.timeframe ?? NONE}
          />
          <DataTable.Col
            source="offering"
            label={t('programs.fields.offering')}
            render={(program: Program) => <OfferingChip offering={program.offering} />}
          />
          <DataTable.Col source="timeZone" label={t('programs.fields.timeZone')} />
          <DataTable.Col
            source="podCount"
            label={t('programs.fields.pods')}
            render={(program: Program) => program.podIds.length}
          />
          <DataTable.Col
            source="status"
            label={t('programs.fields.status')}
            render={(program: Program) => <ProgramStatusChip status={program.status} />}
          />
          <DataTable.Col
            source="startDate"
            label={t('programs.fields.startDate')}
            render={(program: Program) =>
              program.startDate ? formatLocalDate(program.startDate) : NONE
            }
          />
          <DataTable.Col
            source="createdAt"
            label={t('programs.fields.createdAt')}
            render={(program: Program) => formatDateTime(program.createdAt)}
          />
        </DataTable>
      </ListCard>
    </>
  );
}
