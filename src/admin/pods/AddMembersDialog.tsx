import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useDataProvider, type SortPayload } from 'react-admin';
import { messages } from '../../shared/messages';
import type { PodMembersAddResult } from '../../shared/responses/pods';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { LoadError } from '../lists/LoadError';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { CandidateFilterBar } from './CandidateFilterBar';
import {
  addMembersRequest,
  ALL_MATCHING,
  NOTHING_SELECTED,
  selectedCount,
  toggleContact,
  type CandidateSelection,
} from './candidateSelection';
import { CandidateTable, type SelectAllState } from './CandidateTable';
import {
  DEFAULT_SORT,
  isFiltered,
  NO_FILTERS,
  useCandidates,
  type CandidateFilters,
} from './useCandidates';

/** Counts as en-US shows them: 20,201. */
const COUNT = new Intl.NumberFormat('en-US');
const formatCount = (count: number | undefined) =>
  count === undefined ? '…' : COUNT.format(count);

export interface AddMembersDialogProps {
  /** The pod's id (uuid), as in /pods/{id}. */
  podId: string;
  onClose: () => void;
  /** Called with the server's result before the dialog closes; the page shows the banners. */
  onAdded: (result: PodMembersAddResult) => void;
}

/**
 * The add-members modal of the pod detail (spec section 2): contacts who are not active members,
 * searched, filtered and sorted on the server and loaded as the list scrolls. Ticked contacts,
 * or every participant the search matches, are added in one request.
 */
export function AddMembersDialog({ podId, onClose, onAdded }: AddMembersDialogProps) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const [filters, setFilters] = useState<CandidateFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SortPayload>(DEFAULT_SORT);
  const [selection, setSelection] = useState<CandidateSelection>(NOTHING_SELECTED);
  const [error, setError] = useState<string | null>(null);

  const candidates = useCandidates(podId, filters, sort);
  // Only contacts that can be added are listed: the list's total is what 'select all' adds.
  const participants = candidates.total;
  const count = selectedCount(selection, participants);

  // Ticked contacts stay ticked through other searches, so people found one search at a time
  // are added together. 'All matching' belongs to the search it was made under: it ends.
  const changeFilters = useCallback((next: CandidateFilters) => {
    setFilters(next);
    setSelection((current) => (current.kind === 'allMatching' ? NOTHING_SELECTED : current));
  }, []);

  const sortBy = (field: string) =>
    setSort((current) =>
      current.field === field
        ? { field, order: current.order === 'ASC' ? 'DESC' : 'ASC' }
        : { field, order: 'ASC' },
    );

  const { mutate, isPending } = useMutation({
    mutationFn: (request: ReturnType<typeof addMembersRequest>) =>
      dataProvider.addPodMembers(podId, request),
    onSuccess: (result: PodMembersAddResult) => {
      onAdded(result);
      onClose();
    },
    // The selection stays as it was, so the user can try again.
    onError: (e: unknown) => setError(serverMessage(e, messages.pods.errors.addMembers)),
  });

  const submit = () => {
    if (count === 0) return setError(t('pods.selectAtLeastOneToAdd'));
    setError(null);
    mutate(addMembersRequest(selection, filters));
  };

  const selectAll: SelectAllState = {
    checked: selection.kind === 'allMatching',
    indeterminate: selection.kind === 'some' && selection.ids.size > 0,
    // A search that matches nobody: nothing can be selected.
    disabled: candidates.isPending || !participants,
    label: t('pods.selectAllMatching', { count: formatCount(participants) }),
    onToggle: () =>
      setSelection((current) => (current.kind === 'allMatching' ? NOTHING_SELECTED : ALL_MATCHING)),
  };

  const loadError = candidates.error;
  const emptyText = loadError
    ? null
    : isFiltered(filters)
      ? t('pods.noMatches')
      : t('pods.allAlreadyMembers');

  return (
    <Dialog open onClose={isPending ? undefined : onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('pods.addTitle')}</DialogTitle>
      <DialogContent>
        <ErrorBanner message={error} onClose={() => setError(null)} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          <CandidateFilterBar filters={filters} onChange={changeFilters} />
          {loadError && (
            <LoadError
              error={loadError}
              texts={{
                fetch: messages.lists.fetchFailed.contacts,
                load: messages.lists.loadFailed.contacts,
              }}
              sx={{ mb: 0 }}
              onRetry={() =>
                candidates.isFetchNextPageError ? candidates.fetchNextPage() : candidates.refetch()
              }
            />
          )}
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 32 }}
          >
            <Typography variant="body2" color="text.secondary" role="status">
              {candidates.total !== undefined &&
                t('pods.selectedCount', {
                  selected: formatCount(count),
                  total: formatCount(candidates.total),
                })}
            </Typography>
            {(selection.kind === 'allMatching' || count !== 0) && (
              <Button size="small" onClick={() => setSelection(NOTHING_SELECTED)}>
                {t('pods.clearSelection')}
              </Button>
            )}
          </Stack>
          <CandidateTable
            rows={candidates.rows}
            isPending={candidates.isPending}
            emptyText={emptyText}
            hasMore={candidates.hasNextPage && !candidates.isFetchNextPageError}
            loadingMore={candidates.isFetchingNextPage}
            onLoadMore={candidates.fetchNextPage}
            selection={selection}
            onToggle={(id) => setSelection((current) => toggleContact(current, id))}
            selectAll={selectAll}
            sort={sort}
            onSort={sortBy}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          {t('app.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          // 'All matching' waits for the server's count, so the button never says a wrong number.
          disabled={isPending || count === undefined}
        >
          {t('pods.addCount', { count: formatCount(count) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
