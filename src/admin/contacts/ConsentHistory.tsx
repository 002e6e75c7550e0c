import { CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { messages } from '../../shared/messages';
import type { ApiConsentEvent } from '../../shared/responses/messages';
import type { ApiContactDetail } from '../../shared/responses/users';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { DownloadButton } from '../lists/DownloadButton';
import { ErrorBanner } from '../lists/ErrorBanner';
import { recordErrorMessage } from '../lists/listErrors';
import { PanelCard } from '../lists/PanelCard';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { contactPhone } from './contactPhone';
import { useConsentLog } from './contactQueries';

type Translate = ReturnType<typeof useMessages>;

/** A reply is quoted whole up to this many characters; a longer one is cut with '…'. */
const QUOTE_MAX = 80;

const quote = (text: string) =>
  text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1).trimEnd()}…` : text;

/**
 * Who or what made the change: their reply (quoted), a reply a staff member simulated (with who),
 * the staff member, or the carrier.
 */
function sourceText(t: Translate, row: ApiConsentEvent): string {
  switch (row.source) {
    case 'keyword': {
      const text = row.text ?? row.keyword;
      return text
        ? t('conversations.history.reply', { text: quote(text) })
        : t('conversations.history.replyUnknown');
    }
    case 'simulated':
      return t('conversations.history.simulated', {
        text: quote(row.text ?? row.keyword ?? ''),
        staff: row.staffName ?? t('conversations.optin.someStaff'),
      });
    case 'staff': {
      const staff = row.staffName ?? t('conversations.history.staff');
      // Staff never opt a phone out: such a row says a save gave the contact an opted-out number.
      return row.event === 'opted_out'
        ? t('conversations.history.numberOptedOut', { staff })
        : staff;
    }
    case 'review':
      return t('conversations.history.reviewed', {
        text: quote(row.text ?? ''),
        staff: row.staffName ?? t('conversations.optin.someStaff'),
      });
    case 'provider':
      // The provider's only consent report is the carrier's 21610 (the number unsubscribed).
      return row.event === 'opted_out'
        ? t('conversations.history.carrier')
        : t('conversations.history.provider');
  }
}

const digits = (phone: string) => phone.replace(/\D/g, '');

function EventRow({ row, phone }: { row: ApiConsentEvent; phone: string | null }) {
  const t = useMessages();
  const source = sourceText(t, row);
  // Consent belongs to a number: a row of a number the contact no longer has says which.
  const by =
    phone && digits(row.phone) !== digits(phone)
      ? t('conversations.history.otherPhone', { source, phone: row.phone })
      : source;
  return (
    <ListItem divider disableGutters>
      <ListItemText
        primary={t(`conversations.history.events.${row.event}`)}
        secondary={`${by} · ${formatDateTime(row.at)}`}
        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

/**
 * The contact's consent log, newest first: each change, who or what made it, and when; and the
 * same log as CSV, the proof of consent carriers ask for.
 */
export function ConsentHistory({ contact }: { contact: ApiContactDetail }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const { data, error, isPending } = useConsentLog(contact.id);
  const phone = contactPhone(contact);
  return (
    <PanelCard
      title={t('conversations.history.title')}
      action={
        <DownloadButton
          size="small"
          label={t('consentReport.download')}
          download={() => dataProvider.downloadContactConsentCsv(contact.id)}
          failure={(e) => serverMessage(e, messages.consentReport.failed)}
        />
      }
    >
      {isPending ? (
        <CircularProgress size={24} aria-label={t('app.loading')} />
      ) : error ? (
        <ErrorBanner
          message={recordErrorMessage(error, {
            fetch: t('conversations.history.loadFailed'),
            load: t('conversations.history.loadFailed'),
          })}
        />
      ) : data.events.length === 0 ? (
        <Typography color="text.secondary">{t('conversations.history.empty')}</Typography>
      ) : (
        <List disablePadding aria-label={t('conversations.history.title')}>
          {data.events.map((row) => (
            <EventRow key={row.id} row={row} phone={phone} />
          ))}
        </List>
      )}
    </PanelCard>
  );
}
