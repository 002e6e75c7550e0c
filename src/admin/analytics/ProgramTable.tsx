import {
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatCount, formatCountOrNone, formatPercent } from '../format';
import { useMessages } from '../i18n';
import type { ProgramRow } from './programRows';
import { nextSort, type ProgramColumn, type ProgramSort } from './programSort';

const COLUMNS: { column: ProgramColumn; numeric: boolean }[] = [
  { column: 'programName', numeric: false },
  { column: 'sent', numeric: true },
  { column: 'delivered', numeric: true },
  { column: 'deliveryRate', numeric: true },
  { column: 'optOuts', numeric: true },
  { column: 'optOutRate', numeric: true },
  { column: 'clicked', numeric: true },
  { column: 'clickRate', numeric: true },
];

const programPath = (id: string) => `/programs/${encodeURIComponent(id)}`;

/** Each program's figures over the range, in `sort`'s order; a heading click sorts by its column. */
export function ProgramTable({
  programs,
  sort,
  onSort,
}: {
  programs: readonly ProgramRow[];
  sort: ProgramSort;
  onSort: (sort: ProgramSort) => void;
}) {
  const t = useMessages();
  if (programs.length === 0) {
    return <Typography color="text.secondary">{t('analytics.programs.empty')}</Typography>;
  }
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('analytics.programs.help')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('analytics.programs.title')}>
          <TableHead>
            <TableRow>
              {COLUMNS.map(({ column, numeric }) => {
                const active = sort.column === column;
                return (
                  <TableCell
                    key={column}
                    align={numeric ? 'right' : 'left'}
                    sortDirection={active ? sort.order : false}
                  >
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.order : numeric ? 'desc' : 'asc'}
                      onClick={() => onSort(nextSort(sort, column))}
                    >
                      {t(`analytics.programs.${column === 'programName' ? 'program' : column}`)}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {programs.map((program) => (
              <TableRow key={program.programId}>
                <TableCell component="th" scope="row">
                  <Link component={RouterLink} to={programPath(program.programId)}>
                    {program.programName}
                  </Link>
                </TableCell>
                <TableCell align="right">{formatCount(program.sent)}</TableCell>
                <TableCell align="right">{formatCount(program.delivered)}</TableCell>
                <TableCell align="right">{formatPercent(program.deliveryRate)}</TableCell>
                <TableCell align="right">{formatCount(program.optOuts)}</TableCell>
                <TableCell align="right">{formatPercent(program.optOutRate)}</TableCell>
                <TableCell align="right">{formatCountOrNone(program.clicked)}</TableCell>
                <TableCell align="right">{formatPercent(program.clickRate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
