import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  Link,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { TEST_MESSAGE_REFRESH_MS } from '../../../shared/constants';
import { isFinalStatus, type MessageStatus } from '../../../shared/delivery';
import { messages } from '../../../shared/messages';
import type { ApiMessage } from '../../../shared/responses/messages';
import { useMessages } from '../../i18n';
import { messagePath } from '../../messages/messagePaths';
import { useStatusWords } from '../../messages/useStatusWords';
import type { TidingsDataProvider } from '../../providers/dataProvider';

/** A message's way to the phone when all goes well. */
const STEPS = ['queued', 'sending', 'sent', 'delivered'] as const;

/**
 * Where a status stands on that way: the step reached, or for a message that will not arrive the
 * step it failed at (the carrier's refusal after 'sent', the provider's at sending, and a message
 * withdrawn or expired before it was sent).
 */
function stepOf(status: MessageStatus): { step: number; failed: boolean } {
  switch (status) {
    case 'queued':
      return { step: 0, failed: false };
    case 'sending':
    case 'unknown':
      return { step: 1, failed: false };
    case 'sent':
      return { step: 2, failed: false };
    case 'delivered':
      return { step: STEPS.length, failed: false };
    case 'undelivered':
      return { step: 3, failed: true };
    case 'failed':
      return { step: 2, failed: true };
    default:
      return { step: 1, failed: true };
  }
}

const twilioErrors: Readonly<Record<string, string>> = messages.delivery.twilioErrors;

/** The failure in words: the provider's text, else its code's meaning, else the status's. */
function failureText(
  t: ReturnType<typeof useMessages>,
  words: ReturnType<typeof useStatusWords>,
  message: ApiMessage,
): string {
  if (message.errorMessage) return message.errorMessage;
  if (message.errorCode) {
    return (
      twilioErrors[message.errorCode] ?? t('delivery.twilioOther', { code: message.errorCode })
    );
  }
  return words.help(message.status);
}

/**
 * The sent test's status, asked for every TEST_MESSAGE_REFRESH_MS until it is final: queued,
 * sending, sent, delivered (or the failure and why), with a link to the message's page.
 */
export function TestMessageStatus({
  sent,
  onSendAnother,
  onClose,
}: {
  sent: ApiMessage;
  onSendAnother: () => void;
  onClose: () => void;
}) {
  const t = useMessages();
  const words = useStatusWords();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const { data, isError } = useQuery({
    queryKey: ['messages', 'testStatus', sent.id],
    queryFn: async () => (await dataProvider.getOne<ApiMessage>('messages', { id: sent.id })).data,
    // Nothing moves a final status, so there is nothing more to ask.
    enabled: !isFinalStatus(sent.status),
    refetchInterval: (query) =>
      isFinalStatus((query.state.data ?? sent).status) ? false : TEST_MESSAGE_REFRESH_MS,
    retry: false,
  });
  const message = data ?? sent;
  const { step, failed } = stepOf(message.status);
  const statusWord = words.word(message.status);

  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        <Typography sx={{ mb: 2 }}>
          {message.contactName
            ? t('testMms.sentToContact', { name: message.contactName, to: message.toPhone })
            : t('testMms.sentTo', { to: message.toPhone })}
        </Typography>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 2 }}>
          {STEPS.map((status, index) => {
            const failedHere = failed && index === step;
            return (
              <Step key={status} completed={index < step}>
                <StepLabel error={failedHere}>
                  {failedHere ? statusWord : words.word(status)}
                </StepLabel>
              </Step>
            );
          })}
        </Stepper>
        <Box role="status" aria-live="polite">
          <Typography sx={{ fontWeight: 600 }}>
            {t('testMms.status', { status: statusWord })}
          </Typography>
          {failed ? (
            <Typography color="error" sx={{ mt: 0.5 }}>
              {t('testMms.failure', { reason: failureText(t, words, message) })}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {words.help(message.status)}
            </Typography>
          )}
        </Box>
        {isError && !isFinalStatus(message.status) && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
            {t('testMms.statusUnavailable')}
          </Typography>
        )}
        <Link component={RouterLink} to={messagePath(message.id)} sx={{ display: 'block', mt: 2 }}>
          {t('testMms.openMessage')}
        </Link>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onSendAnother}>{t('testMms.sendAnother')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('dashboard.close')}
        </Button>
      </DialogActions>
    </>
  );
}
