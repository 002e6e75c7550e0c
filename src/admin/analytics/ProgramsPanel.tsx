import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import type { AnalyticsQuery } from '../../shared/analytics';
import type { AnalyticsProgram } from '../../shared/responses/figures';
import { useMessages } from '../i18n';
import { PanelCard } from '../lists/PanelCard';
import { downloadText } from '../download';
import { ProgramTable } from './ProgramTable';
import { programsCsv, programsCsvFilename } from './programsCsv';
import { DEFAULT_PROGRAM_SORT, sortPrograms, type ProgramSort } from './programSort';

/** The per-program table, sorted as the user chose, and 'Export CSV' of it in that order. */
export function ProgramsPanel({
  programs,
  query,
}: {
  programs: readonly AnalyticsProgram[];
  query: AnalyticsQuery;
}) {
  const t = useMessages();
  const [sort, setSort] = useState<ProgramSort>(DEFAULT_PROGRAM_SORT);
  const sorted = sortPrograms(programs, sort);
  return (
    <PanelCard
      title={t('analytics.programs.title')}
      sx={{ mt: 2 }}
      action={
        sorted.length > 0 && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() =>
              downloadText(
                programsCsv(sorted),
                programsCsvFilename(query.from, query.to),
                'text/csv;charset=utf-8',
              )
            }
          >
            {t('analytics.programs.exportCsv')}
          </Button>
        )
      }
    >
      <ProgramTable programs={sorted} sort={sort} onSort={setSort} />
    </PanelCard>
  );
}
