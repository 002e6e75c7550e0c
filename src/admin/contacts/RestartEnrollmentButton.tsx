import { Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import type { ApiContactEnrollment } from '../../shared/responses/programs';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { contactKeys } from './contactQueries';

/**
 * "Restart for this participant": their days of a rolling program from day 0 again, after a
 * dialog that says from when (the server's `restartStartsAt`, as of the page's last load). Hosts
 * and admins alike may, as any change to a program. When the server says they cannot be
 * restarted now, the button is off and the reason shows beside it.
 */
export function RestartEnrollmentButton({ enrollment }: { enrollment: ApiContactEnrollment }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const restart = useMutation({
    mutationFn: () => dataProvider.restartEnrollment(enrollment.programId, enrollment.contactId),
    onSuccess: async (restarted) => {
      setConfirming(false);
      notify(
        t('contacts.enrollments.restart.done', {
          program: restarted.programName,
          at: startsAt(restarted),
        }),
        { type: 'success' },
      );
      await queryClient.invalidateQueries({
        queryKey: contactKeys.enrollments(enrollment.contactId),
      });
    },
    onError: (error) => {
      setConfirming(false);
      notify(serverMessage(error, t('contacts.enrollments.restart.failed')), { type: 'error' });
    },
  });
  const refusal = enrollment.restartRefusal;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
      <Button
        size="small"
        variant="outlined"
        disabled={refusal !== null || restart.isPending}
        onClick={() => setConfirming(true)}
      >
        {t('contacts.enrollments.restart.button')}
      </Button>
      {refusal && (
        <Typography variant="caption" color="text.secondary">
          {t('contacts.enrollments.restart.cannot', { reason: refusal })}
        </Typography>
      )}
      <Confirm
        isOpen={confirming}
        loading={restart.isPending}
        title={t('contacts.enrollments.restart.confirmTitle', {
          program: enrollment.programName,
          name: enrollment.contactName,
        })}
        content={t('contacts.enrollments.restart.confirmContent', { at: startsAt(enrollment) })}
        confirm={t('contacts.enrollments.restart.confirm')}
        cancel={t('app.cancel')}
        onConfirm={() => restart.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** When the participant's day 0 goes: the restart's, else their day 0's date. */
const startsAt = (enrollment: ApiContactEnrollment) =>
  enrollment.restartStartsAt ? formatDateTime(enrollment.restartStartsAt) : enrollment.startDate;
