import { Alert, Box, Button, Chip, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useNotify, type Identifier } from 'react-admin';
import type { ApiEmailState } from '../../shared/responses/users';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { useSimulation } from '../simulation/useSimulation';
import { serverMessage } from '../providers/httpClient';

type Translate = ReturnType<typeof useMessages>;

/**
 * One sentence for the last welcome email, from the outbox's row (see `ApiEmailState`). While
 * email is simulated, a 'sent' email went to the server log.
 */
function emailStateText(t: Translate, email: ApiEmailState | null, simulated: boolean): string {
  if (!email) return t('contacts.welcomeEmail.none');
  switch (email.status) {
    case 'sent':
      return t(simulated ? 'simulation.welcomeEmailSent' : 'contacts.welcomeEmail.sent', {
        time: formatDateTime(email.sentAt),
      });
    case 'sending':
      return t('contacts.welcomeEmail.sending');
    case 'failed':
      return t('contacts.welcomeEmail.failed', { error: email.error ?? '' });
    case 'queued':
      // A queued email that has an error is waiting to be tried again after a refusal.
      return email.error
        ? t('contacts.welcomeEmail.retrying', { attempts: email.attempts, error: email.error })
        : t('contacts.welcomeEmail.queued', { time: formatDateTime(email.queuedAt) });
  }
}

const SEVERITY = { sent: 'success', sending: 'info', queued: 'info', failed: 'error' } as const;

/** Queues a new welcome email, then reloads the contact so the state above is the new email's. */
function ResendButton({ contactId }: { contactId: Identifier }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const simulation = useSimulation();
  const resend = useMutation({
    mutationFn: () => dataProvider.sendWelcomeEmail(contactId),
    onSuccess: async () => {
      notify(t(simulation.email ? 'simulation.welcomeResent' : 'contacts.welcomeEmail.resent'), {
        type: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: ['contacts', 'getOne'] });
    },
    onError: (error) =>
      notify(
        error instanceof HttpError
          ? serverMessage(error, t('contacts.welcomeEmail.resendFailed'))
          : t('contacts.errors.networkSubmit'),
        { type: 'error' },
      ),
  });
  return (
    <Box>
      <Button variant="outlined" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending
          ? t('contacts.welcomeEmail.resending')
          : t('contacts.welcomeEmail.resend')}
      </Button>
    </Box>
  );
}

/**
 * A host's or admin's email: verified or not, what became of the last welcome email, and, while
 * the email is not verified and the signed-in user may change the contact, a way to send a new one.
 */
export function WelcomeEmailStatus({
  contactId,
  emailVerified,
  welcomeEmail,
  canResend,
}: {
  contactId: Identifier;
  emailVerified: boolean;
  welcomeEmail: ApiEmailState | null | undefined;
  canResend: boolean;
}) {
  const t = useMessages();
  const simulation = useSimulation();
  const email = welcomeEmail ?? null;
  return (
    <Stack spacing={1.5} aria-label={t('contacts.welcomeEmail.title')} role="group">
      <Box>
        <Chip
          size="small"
          color={emailVerified ? 'success' : 'warning'}
          label={t(
            emailVerified ? 'contacts.welcomeEmail.verified' : 'contacts.welcomeEmail.notVerified',
          )}
        />
      </Box>
      <Alert severity={email ? SEVERITY[email.status] : 'info'}>
        {emailStateText(t, email, simulation.email)}
      </Alert>
      {canResend && !emailVerified && <ResendButton contactId={contactId} />}
    </Stack>
  );
}
