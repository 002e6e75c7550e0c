import { Alert, Button, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, useDataProvider, useLogoutIfAccessDenied } from 'react-admin';
import type { Program } from '../../shared/responses/programs';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { ProgramStatusChip } from './ProgramChips';

type Action = 'pause' | 'resume';

/** Only a program that is sending or about to can be paused; only a paused one resumed. */
function actionFor(program: Program): Action | null {
  if (program.status === 'scheduled' || program.status === 'running') return 'pause';
  if (program.status === 'paused') return 'resume';
  return null;
}

/**
 * Pause and resume (POST /api/programs/{id}/pause and /resume): the program they return goes to
 * `onChanged`, and what happened shows in `banners`.
 */
export function usePauseResume(onChanged: (program: Program) => void) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { mutate, isPending } = useMutation({
    mutationFn: ({ action, program }: { action: Action; program: Program }) =>
      action === 'pause'
        ? dataProvider.pauseProgram(program.id)
        : dataProvider.resumeProgram(program.id),
    onMutate: () => {
      setNotice(null);
      setError(null);
    },
    onSuccess: (updated, { action, program }) => {
      onChanged({ ...updated, id: updated.id ?? updated._id ?? program.id });
      const name = updated.programName ?? program.programName;
      setNotice(t(action === 'pause' ? 'programs.paused' : 'programs.resumed', { name }));
      // The list shows the status; it refetches when next shown.
      void queryClient.invalidateQueries({ queryKey: ['programs'], refetchType: 'none' });
    },
    onError: async (e, { action }) => {
      if (e instanceof HttpError && (await logoutIfAccessDenied(e))) return;
      setError(
        serverMessage(e, t(action === 'pause' ? 'programs.pauseFailed' : 'programs.resumeFailed')),
      );
    },
  });
  const banners = (
    <>
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <ErrorBanner message={error} onClose={() => setError(null)} />
    </>
  );
  return {
    run: (action: Action, program: Program) => mutate({ action, program }),
    isPending,
    banners,
  };
}

/** The program's status, and Pause or Resume where it applies. */
export function ProgramStatusActions({
  program,
  run,
  isPending,
}: {
  program: Program;
  run: (action: Action, program: Program) => void;
  isPending: boolean;
}) {
  const t = useMessages();
  const action = actionFor(program);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <ProgramStatusChip status={program.status} />
      {action && (
        <Button variant="outlined" disabled={isPending} onClick={() => run(action, program)}>
          {t(action === 'pause' ? 'programs.pause' : 'programs.resume')}
        </Button>
      )}
    </Stack>
  );
}
