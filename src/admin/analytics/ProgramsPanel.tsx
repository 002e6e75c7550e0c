import { useState } from 'react';
import type { AnalyticsQuery } from '../../shared/analytics';
import type { AnalyticsClicks, AnalyticsProgram } from '../../shared/responses/figures';
import { useMessages } from '../i18n';
import { PanelCard } from '../lists/PanelCard';
import { ExportCsvButton } from './ExportCsvButton';
import { programRows } from './programRows';
import { ProgramTable } from './ProgramTable';
import { programsCsv, programsCsvFilename } from './programsCsv';
import { DEFAULT_PROGRAM_SORT, sortPrograms, type ProgramSort } from './programSort';

/**
 * The per-program table with each program's clicks, sorted as the user chose, and 'Export CSV' of
 * it in that order.
 */
export function ProgramsPanel({
  programs,
  clicks,
  query,
}: {
  programs: readonly AnalyticsProgram[];
  clicks: AnalyticsClicks['programs'];
  query: AnalyticsQuery;
}) {
  const t = useMessages();
  const [sort, setSort] = useState<ProgramSort>(DEFAULT_PROGRAM_SORT);
  const sorted = sortPrograms(programRows(programs, clicks), sort);
  return (
    <PanelCard
      title={t('analytics.programs.title')}
      sx={{ mt: 2 }}
      action={
        sorted.length > 0 && (
          <ExportCsvButton
            label={t('analytics.programs.exportCsv')}
            csv={() => programsCsv(sorted)}
            filename={programsCsvFilename(query.from, query.to)}
          />
        )
      }
    >
      <ProgramTable programs={sorted} sort={sort} onSort={setSort} />
    </PanelCard>
  );
}
