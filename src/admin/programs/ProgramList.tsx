import { DataTable, SelectInput } from 'react-admin';
import { OFFERINGS, PROGRAM_STATUSES } from '../../shared/constants';
import type { Program } from '../../shared/responses/programs';
import { useMessages } from '../i18n';
import { DateTimeCol } from '../lists/DateTimeCol';
import { choicesOf } from '../lists/filterInputs';
import { LinkButton } from '../lists/ListParts';
import { ListScreen } from '../lists/ListScreen';
import { OfferingChip, ProgramStatusChip } from './ProgramChips';
import { programEditPath } from './programPaths';
import { formatLocalDate } from './scheduleFormat';

const NONE = '—';

/**
 * /programs: search by name, offering and status filters, sortable columns, server-side paging.
 */
export default function ProgramList() {
  const t = useMessages();
  return (
    <ListScreen
      list="programs"
      statuses={PROGRAM_STATUSES}
      action={<LinkButton to="/programs/create" text="programs.createNew" primary />}
      filters={[
        <SelectInput
          source="offering"
          emptyText={t('programs.allOfferings')}
          choices={choicesOf(OFFERINGS, (offering) => offering)}
        />,
      ]}
      tags={{
        offering: (offering) => t('programs.offeringFilterTag', { offering }),
      }}
      rowClick={(id) => programEditPath(id)}
    >
      <DataTable.Col source="programName" />
      <DataTable.Col
        source="productName"
        render={(program: Program) => program.productName ?? NONE}
      />
      {/* The timeframe is derived from the product's days, so it sorts by them. */}
      <DataTable.Col
        source="productDays"
        render={(program: Program) => program.timeframe ?? NONE}
      />
      <DataTable.Col
        source="offering"
        render={(program: Program) => <OfferingChip offering={program.offering} />}
      />
      <DataTable.Col source="timeZone" />
      <DataTable.Col source="podCount" render={(program: Program) => program.podIds.length} />
      <DataTable.Col
        source="status"
        render={(program: Program) => <ProgramStatusChip status={program.status} />}
      />
      <DataTable.Col
        source="startDate"
        render={(program: Program) =>
          program.startDate ? formatLocalDate(program.startDate) : NONE
        }
      />
      <DateTimeCol source="createdAt" />
    </ListScreen>
  );
}
