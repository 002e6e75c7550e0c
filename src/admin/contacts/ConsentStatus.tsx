import { Alert, Box } from '@mui/material';
import { consentSummary } from '../../shared/consent-summary';
import type { ApiContactDetail } from '../../shared/responses/users';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { contactPhone } from './contactPhone';
import { useConsentLog } from './contactQueries';

const SEVERITY = { opted_in: 'success', not_opted_in: 'info', opted_out: 'warning' } as const;

/**
 * The contact's opt-in state in words beside the phone's verification ('Opted in by replying JOIN
 * on …', 'Opted out (STOP) on …'), and, once they opted out, that only their own reply undoes it.
 * Shown once their consent log is in: without it the words could not say how or when (the
 * Consent history card says why it is missing).
 */
export function ConsentStatus({ contact }: { contact: ApiContactDetail }) {
  const t = useMessages();
  const { data } = useConsentLog(contact.id);
  if (!data) return null;
  const summary = consentSummary(
    {
      phone: contactPhone(contact),
      smsVerified: contact.smsVerified,
      smsOptedOutAt: contact.smsOptedOutAt ?? null,
    },
    data.events,
    formatDateTime,
  );
  return (
    <Box role="group" aria-label={t('conversations.optin.title')}>
      {/* A note on the contact, not news: no 'alert' role, which screen readers announce. */}
      <Alert severity={SEVERITY[summary.state]} role="note">
        <Box component="span" sx={{ display: 'block' }}>
          {summary.text}
        </Box>
        {summary.note && (
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            {summary.note}
          </Box>
        )}
      </Alert>
    </Box>
  );
}
