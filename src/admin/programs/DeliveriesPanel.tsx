import {
  Box,
  CircularProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { DELIVERIES_REFRESH_MS } from '../../shared/constants';
import { MESSAGE_STATUSES, type MessageStatus } from '../../shared/delivery';
import { messages } from '../../shared/messages';
import type {
  ApiDeliveryDay,
  ApiProgramAudience,
  ApiProgramDeliveries,
  Program,
} from '../../shared/responses/programs';
import { useMessages } from '../i18n';
import { DownloadButton } from '../lists/DownloadButton';
import { ErrorBanner } from '../lists/ErrorBanner';
import { recordErrorMessage } from '../lists/listErrors';
import { PanelCard } from '../lists/PanelCard';
import { errorText } from '../messages/messageText';
import { messagesListPath } from '../messages/messagePaths';
import { useStatusWords } from '../messages/useStatusWords';
import { dayTitle } from '../products/dayTitle';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { ClickHeadings, DayClickCells, hasClickColumns } from './DayClickCells';
import { EnrollmentCounts } from './EnrollmentCounts';
import { formatSendAt, waitParams } from './scheduleFormat';
import { useProgramDeliveries } from './useProgramDeliveries';

/** The statuses some day has messages in, in the order of a message's life. */
const shownStatuses = (days: readonly ApiDeliveryDay[]): MessageStatus[] =>
  MESSAGE_STATUSES.filter((status) => days.some((day) => day[status] > 0));

/** A titled list under a day's counts: why some failed, or which wait for daytime and where. */
function DayNotes({
  columns,
  title,
  notes,
}: {
  columns: number;
  title: string;
  notes: { key: string; text: string }[];
}) {
  return (
    <TableRow>
      <TableCell />
      <TableCell colSpan={columns}>
        <Typography variant="body2" color="text.secondary" component="div">
          {title}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {notes.map((note) => (
            <li key={note.key}>
              <Typography variant="body2" component="span">
                {note.text}
              </Typography>
            </li>
          ))}
        </Box>
      </TableCell>
    </TableRow>
  );
}

function DayRows({
  program,
  day,
  statuses,
  clickColumns,
  sendAtColumn,
}: {
  program: Program;
  day: ApiDeliveryDay;
  statuses: readonly MessageStatus[];
  clickColumns: boolean;
  sendAtColumn: boolean;
}) {
  const t = useMessages();
  const words = useStatusWords();
  const title = dayTitle(t, day.day, program.productDays);
  const { date, time } = formatSendAt(new Date(day.sendAt), program.timeZone);
  const columns = statuses.length + (sendAtColumn ? 1 : 0) + (clickColumns ? 2 : 0);
  return (
    <>
      <TableRow>
        <TableCell component="th" scope="row">
          {title}
        </TableCell>
        {sendAtColumn && <TableCell>{`${date}, ${time}`}</TableCell>}
        {statuses.map((status) => (
          <TableCell key={status} align="right">
            {day[status] > 0 ? (
              <Link
                component={RouterLink}
                to={messagesListPath({ programId: program.id, day: day.day, status: [status] })}
                aria-label={`${words.word(status)}: ${day[status]}`}
              >
                {day[status]}
              </Link>
            ) : (
              // Quieter than a count, but still text at 4.5:1 (the disabled grey is 2.6:1).
              <Typography component="span" variant="body2" color="text.secondary">
                0
              </Typography>
            )}
          </TableCell>
        ))}
        {clickColumns && <DayClickCells clicks={day.clicks} />}
      </TableRow>
      {day.failures.length > 0 && (
        <DayNotes
          columns={columns}
          title={t('delivery.panel.failures')}
          notes={day.failures.map((failure) => ({
            key: `${failure.errorCode}-${failure.errorMessage}`,
            text: t('delivery.panel.failure', {
              reason: errorText(failure) ?? t('delivery.panel.noReason'),
              count: failure.count,
            }),
          }))}
        />
      )}
      {day.waiting.length > 0 && (
        <DayNotes
          columns={columns}
          title={t('delivery.panel.quietHours')}
          notes={day.waiting.map((wait) => ({
            key: `${wait.until}-${wait.timeZone}`,
            text: t('delivery.panel.waiting', waitParams(wait)),
          }))}
        />
      )}
    </>
  );
}

function DeliveriesTable({
  program,
  deliveries,
}: {
  program: Program;
  deliveries: ApiProgramDeliveries;
}) {
  const t = useMessages();
  const words = useStatusWords();
  if (deliveries.days.length === 0) {
    return <Typography color="text.secondary">{t('delivery.panel.empty')}</Typography>;
  }
  const statuses = shownStatuses(deliveries.days);
  const clickColumns = hasClickColumns(deliveries.days);
  // A rolling program's day goes out on each participant's own calendar: no one date is its.
  const sendAtColumn = program.enrollment !== 'rolling';
  return (
    <TableContainer>
      {!sendAtColumn && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('delivery.panel.rollingDays')}
        </Typography>
      )}
      <Table size="small" aria-label={t('delivery.panel.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('delivery.panel.day')}</TableCell>
            {sendAtColumn && <TableCell>{t('delivery.panel.sendAt')}</TableCell>}
            {statuses.map((status) => (
              <TableCell key={status} align="right">
                {words.word(status)}
              </TableCell>
            ))}
            {clickColumns && <ClickHeadings />}
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.days.map((day) => (
            <DayRows
              key={day.day}
              program={program}
              day={day}
              statuses={statuses}
              clickColumns={clickColumns}
              sendAtColumn={sendAtColumn}
            />
          ))}
        </TableBody>
      </Table>
      {clickColumns && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('delivery.panel.clicksHelp')}
        </Typography>
      )}
    </TableContainer>
  );
}

/** Why a participant of the program's pods does not receive its messages, in the server's order. */
const NOT_RECEIVING = ['inactive', 'optedOut', 'noPhone', 'notOptedIn', 'sharedPhone'] as const;

/**
 * '12 of 15 participants in its pods will receive messages. Not receiving: 1 inactive, 1 opted
 * out.': who of the pods' active participants the program reaches, and why not the others (each
 * counted once, by the first reason), so staff see who still has to opt in.
 */
function AudienceSummary({ audience }: { audience: ApiProgramAudience }) {
  const t = useMessages();
  if (audience.total === 0) {
    return <Typography sx={{ mb: 2 }}>{t('conversations.audience.nobody')}</Typography>;
  }
  const reasons = NOT_RECEIVING.filter((reason) => audience[reason] > 0).map((reason) =>
    t(`conversations.audience.${reason}`, { count: audience[reason] }),
  );
  const receiving = t('conversations.audience.receiving', {
    smart_count: audience.total,
    recipients: audience.recipients,
  });
  return (
    <Typography sx={{ mb: 2 }}>
      {reasons.length > 0
        ? `${receiving} ${t('conversations.audience.notReceiving', { reasons: reasons.join(', ') })}`
        : receiving}
    </Typography>
  );
}

/** Statuses a message leaves by itself, so the counts will change without anyone acting. */
const ON_THEIR_WAY = ['queued', 'sending', 'unknown', 'sent'] as const;

const hasMessagesOnTheirWay = (data: ApiProgramDeliveries | undefined) =>
  data?.days.some((day) => ON_THEIR_WAY.some((status) => day[status] > 0)) ?? false;

/**
 * Who of its pods' participants receives the program's messages (and why the others do not), a
 * rolling program's enrollments counted, then
 * its messages day by day: when each day goes out (the program's clock; not for a rolling
 * program, whose days go out on each participant's own calendar), how many of
 * its messages are in each status, each count opening those messages, who opened its tracked links
 * and the click rate, why some failed, and when those that quiet hours hold will go (the morning
 * where their recipients are). While
 * the program runs, or while some of its messages are on their way (a program that has ended, or
 * whose start is still ahead by the console's clock), the counts refresh themselves; not while
 * staff have paused it.
 */
export function DeliveriesPanel({ program }: { program: Program }) {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const { data, error, isPending } = useProgramDeliveries(program.id, (known) =>
    program.status === 'running' || (program.status !== 'paused' && hasMessagesOnTheirWay(known))
      ? DELIVERIES_REFRESH_MS
      : false,
  );
  return (
    <PanelCard
      title={t('delivery.panel.title')}
      sx={{ mt: 3 }}
      action={
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={messagesListPath({ programId: program.id })}>
            {t('delivery.panel.allMessages')}
          </Link>
          {/* The opt-ins and opt-outs of its participants: the proof of consent carriers ask for. */}
          <DownloadButton
            size="small"
            label={t('consentReport.downloadProgram')}
            download={() => dataProvider.downloadProgramConsentCsv(program.id)}
            failure={(e) => serverMessage(e, messages.consentReport.failed)}
          />
        </Box>
      }
    >
      {isPending ? (
        <CircularProgress size={24} aria-label={t('app.loading')} />
      ) : error ? (
        <ErrorBanner
          message={recordErrorMessage(error, {
            fetch: messages.delivery.panel.loadFailed,
            load: messages.delivery.panel.loadFailed,
          })}
        />
      ) : (
        <>
          <AudienceSummary audience={data.audience} />
          {program.enrollment === 'rolling' && data.enrollments && (
            <EnrollmentCounts summary={data.enrollments} />
          )}
          <DeliveriesTable program={program} deliveries={data} />
        </>
      )}
    </PanelCard>
  );
}
