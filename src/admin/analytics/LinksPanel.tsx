import {
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { AnalyticsQuery } from '../../shared/analytics';
import type { AnalyticsProgramDay } from '../../shared/responses/figures';
import { formatCount, formatPercent } from '../format';
import { useMessages } from '../i18n';
import { PanelCard } from '../lists/PanelCard';
import { dayTitle } from '../products/dayTitle';
import { ExportCsvButton } from './ExportCsvButton';
import { linkRows, type LinkRow } from './linkRows';
import { linksCsv, linksCsvFilename } from './linksCsv';

const COLUMNS = ['program', 'day', 'link', 'reached', 'clicked', 'clickRate'] as const;
const NUMERIC = new Set<string>(['reached', 'clicked', 'clickRate']);

function LinkLine({ row }: { row: LinkRow }) {
  const t = useMessages();
  const { figures } = row;
  return (
    <TableRow>
      {row.dayLine ? (
        <TableCell component="th" scope="row">
          <Link component={RouterLink} to={`/programs/${encodeURIComponent(row.programId)}`}>
            {row.programName}
          </Link>
        </TableCell>
      ) : (
        <TableCell />
      )}
      <TableCell>{row.dayLine && dayTitle(t, row.day, null)}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere', pl: row.dayLine ? undefined : 4 }}>
        {row.link}
      </TableCell>
      <TableCell align="right">{formatCount(figures.reached)}</TableCell>
      <TableCell align="right">{formatCount(figures.clicked)}</TableCell>
      <TableCell align="right">{formatPercent(figures.rate)}</TableCell>
    </TableRow>
  );
}

/**
 * Each program day whose messages carried tracked links, by program and day: how many reached the
 * phone, how many of those opened a link and the click rate; a day of several links has a line
 * for each under its own. 'Export CSV' writes the same lines.
 */
export function LinksPanel({
  programDays,
  query,
}: {
  programDays: readonly AnalyticsProgramDay[];
  query: AnalyticsQuery;
}) {
  const t = useMessages();
  const rows = linkRows(programDays);
  return (
    <PanelCard
      title={t('analytics.links.title')}
      sx={{ mt: 2 }}
      action={
        rows.length > 0 && (
          <ExportCsvButton
            label={t('analytics.links.exportCsv')}
            csv={() => linksCsv(rows)}
            filename={linksCsvFilename(query.from, query.to)}
          />
        )
      }
    >
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('analytics.links.empty')}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('analytics.links.help')}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('analytics.links.title')}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} align={NUMERIC.has(column) ? 'right' : 'left'}>
                      {t(`analytics.links.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <LinkLine key={row.key} row={row} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </PanelCard>
  );
}
