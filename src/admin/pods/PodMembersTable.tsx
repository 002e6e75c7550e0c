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
} from '@mui/material';
import { useMemo, useState } from 'react';
import { ListBase, useListContext, type SortPayload } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { messages } from '../../shared/messages';
import type { PodMember } from '../../shared/responses/pods';
import { ContactRoleChip } from '../contacts/ContactChips';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { searchFilter } from '../lists/filterInputs';
import { ListFilters } from '../lists/ListFilters';
import { EmptyList } from '../lists/ListParts';
import { recordErrorMessage } from '../lists/listErrors';
import { memberContactId, POD_MEMBERS } from '../providers/podMembersResource';
import { RemoveMemberDialog } from './RemoveMemberDialog';

/** A member as the `pod-members` resource gives it: its id is the contact's. */
export type MemberRecord = PodMember & { id: string };

/** The columns the server sorts members by (GET /api/pods/{id}/members). */
type SortField = 'fullName' | 'email' | 'phone' | 'joinedAt';

const PER_PAGE_OPTIONS = [10, 25, 50, 100];
const DEFAULT_SORT: SortPayload = { field: 'fullName', order: 'ASC' };

const sortDirection = (sort: SortPayload) => (sort.order === 'DESC' ? 'desc' : 'asc');

interface MembersTableProps {
  podId: string;
  onRemoved: () => void;
  onError: (message: string) => void;
}

/**
 * The pod's active members, one page at a time from the server (a pod may hold thousands):
 * sortable by name, email, phone and joined date, searchable, each with 'Remove'. The list is
 * react-admin's, over the `pod-members` resource, so a removal refreshes it through its cache.
 */
export function PodMembersTable({ podId, onRemoved, onError }: MembersTableProps) {
  const filter = useMemo(() => ({ podId }), [podId]);
  return (
    <ListBase
      resource={POD_MEMBERS}
      filter={filter}
      sort={DEFAULT_SORT}
      perPage={25}
      // The pod's address stays /pods/{id}: paging and search are the table's own.
      disableSyncWithLocation
      // The table shows load failures itself, with 'Try Again'.
      queryOptions={{ onError: () => undefined }}
    >
      <MembersView podId={podId} onRemoved={onRemoved} onError={onError} />
    </ListBase>
  );
}

function MembersView({ podId, onRemoved, onError }: MembersTableProps) {
  const t = useMessages();
  const list = useListContext<MemberRecord>();
  const { data, error, isPending, isFetching, refetch, filterValues, sort, setSort } = list;
  const [removing, setRemoving] = useState<MemberRecord | null>(null);
  const total = list.total ?? 0;

  const header = (field: SortField, label: string) => (
    <TableCell sortDirection={sort.field === field ? sortDirection(sort) : false}>
      <TableSortLabel
        active={sort.field === field}
        direction={sort.field === field ? sortDirection(sort) : 'asc'}
        onClick={() =>
          setSort({
            field,
            order: sort.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC',
          })
        }
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      <Box sx={{ px: 2, pb: 2 }}>
        <ListFilters filters={[searchFilter]} />
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
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={t('app.loading')} />}</Box>
      {!isPending && !error && total === 0 ? (
        <EmptyList text={filterValues.q ? t('pods.noMatches') : t('pods.noActiveMembers')} />
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
                <TableCell>{t('pods.memberFields.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.map((member) => (
                <MemberRow key={member._id} member={member} onRemove={setRemoving} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {total > 0 && <MembersPagination total={total} />}
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

/** MUI's table paging ('1–25 of 30', page arrows) over react-admin's list state. */
function MembersPagination({ total }: { total: number }) {
  const { page, perPage, setPage, setPerPage } = useListContext();
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, lastPage) - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={PER_PAGE_OPTIONS}
      onPageChange={(_event, next) => setPage(next + 1)}
      onRowsPerPageChange={(event) => setPerPage(Number(event.target.value))}
      // On a phone the page size choice would push the page arrows off the card.
      sx={(theme) => ({
        [theme.breakpoints.down('sm')]: {
          '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: 'none' },
        },
      })}
    />
  );
}

function MemberRow({
  member,
  onRemove,
}: {
  member: MemberRecord;
  onRemove: (member: MemberRecord) => void;
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
