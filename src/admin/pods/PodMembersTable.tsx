import {
  Box,
  Button,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import type { SortPayload } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { messages } from '../../shared/messages';
import type { PodMember } from '../../shared/pod';
import { ContactRoleChip } from '../contacts/ContactChips';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { EmptyList } from '../lists/ListParts';
import { ErrorBanner } from '../lists/ErrorBanner';
import { recordErrorMessage } from '../lists/listErrors';
import { useDebouncedValue } from '../lists/useDebouncedValue';
import { usePodMembers } from './podQueries';
import { memberContactId, RemoveMemberDialog } from './RemoveMemberDialog';

/** The columns the server sorts members by (GET /api/pods/{id}/members). */
type SortField = 'fullName' | 'email' | 'phone' | 'joinedAt';

const PER_PAGE_OPTIONS = [10, 25, 50, 100];
const DEFAULT_SORT: SortPayload = { field: 'fullName', order: 'ASC' };

/**
 * The pod's active members, one page at a time from the server (a pod may hold thousands):
 * sortable by name, email, phone and joined date, searchable, each with 'Remove'.
 */
export function PodMembersTable({
  podId,
  onRemoved,
  onError,
}: {
  podId: string;
  onRemoved: () => void;
  onError: (message: string) => void;
}) {
  const t = useMessages();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const [sort, setSort] = useState<SortPayload>(DEFAULT_SORT);
  const [search, setSearch] = useState('');
  // Applies the search after the user pauses typing, as the lists do.
  const q = useDebouncedValue(search.trim());
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    // A new search starts from its first page.
    setShownQ(q);
    setPage(1);
  }
  const [removing, setRemoving] = useState<PodMember | null>(null);
  const { data, error, isPending, isFetching, refetch } = usePodMembers(podId, {
    page,
    perPage,
    sort,
    q,
  });

  const total = data?.total ?? 0;
  // Removing the last member of the last page leaves it empty: go back to the page before.
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  if (data && page > lastPage) setPage(lastPage);

  const sortBy = (field: SortField) => {
    setSort((current) => ({
      field,
      order: current.field === field && current.order === 'ASC' ? 'DESC' : 'ASC',
    }));
    setPage(1);
  };

  const header = (field: SortField, label: string) => (
    <TableCell sortDirection={sort.field === field ? sortDirection(sort) : false}>
      <TableSortLabel
        active={sort.field === field}
        direction={sort.field === field ? sortDirection(sort) : 'asc'}
        onClick={() => sortBy(field)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      <Box sx={{ px: 2, pb: 2 }}>
        <TextField
          type="search"
          label={t('pods.addSearch')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: '100%', maxWidth: 420 }}
        />
      </Box>
      {error ? (
        <Box sx={{ px: 2 }}>
          <ErrorBanner
            message={recordErrorMessage(error, messages.pods.errors)}
            action={
              <Button color="inherit" size="small" onClick={() => refetch()}>
                {t('app.tryAgain')}
              </Button>
            }
          />
        </Box>
      ) : null}
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
      {!isPending && !error && total === 0 ? (
        <EmptyList text={q ? t('pods.noMatches') : t('pods.noActiveMembers')} />
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                {header('fullName', t('pods.memberFields.name'))}
                {header('email', t('pods.memberFields.email'))}
                {header('phone', t('pods.memberFields.phone'))}
                <TableCell>{t('pods.memberFields.role')}</TableCell>
                {header('joinedAt', t('pods.memberFields.joinedAt'))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.data.map((member) => (
                <MemberRow key={member._id} member={member} onRemove={setRemoving} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {total > 0 && (
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, lastPage) - 1}
          rowsPerPage={perPage}
          rowsPerPageOptions={PER_PAGE_OPTIONS}
          onPageChange={(_event, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(1);
          }}
          // On a phone the page size choice would push the page arrows off the card.
          sx={(theme) => ({
            [theme.breakpoints.down('sm')]: {
              '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: 'none' },
            },
          })}
        />
      )}
      {removing && (
        <RemoveMemberDialog
          podId={podId}
          member={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setRemoving(null);
            onRemoved();
          }}
          onFailed={(message) => {
            setRemoving(null);
            onError(message);
          }}
        />
      )}
    </>
  );
}

const sortDirection = (sort: SortPayload) => (sort.order === 'DESC' ? 'desc' : 'asc');

function MemberRow({
  member,
  onRemove,
}: {
  member: PodMember;
  onRemove: (member: PodMember) => void;
}) {
  const t = useMessages();
  const contact = member.userId;
  return (
    <TableRow hover>
      <TableCell>
        <Link component={RouterLink} to={`/contacts/${memberContactId(member)}`}>
          {contact.fullName}
        </Link>
      </TableCell>
      <TableCell>{contact.email}</TableCell>
      <TableCell>{contact.phone || t('pods.notProvided')}</TableCell>
      <TableCell>
        <ContactRoleChip role={contact.role} />
      </TableCell>
      <TableCell>{formatDateTime(member.joinedAt)}</TableCell>
      <TableCell align="right">
        <Button size="small" color="error" onClick={() => onRemove(member)}>
          {t('pods.remove')}
        </Button>
      </TableCell>
    </TableRow>
  );
}
