import { DataTable, useRecordContext } from 'react-admin';
import type { ApiMessage } from '../../shared/responses/messages';
import { formatCount } from '../format';
import { useMessages } from '../i18n';
import { DateTimeCol } from '../lists/DateTimeCol';
import { LinkButton } from '../lists/ListParts';
import { ListScreen } from '../lists/ListScreen';
import { TwoLineCell } from '../lists/TwoLineCell';
import { REPLIES_PATH } from '../replies';
import { messageFilters, messageTags } from './messageFilters';
import { messagePath } from './messagePaths';
import { MessageStatusChip } from './MessageStatusChip';
import { errorText } from './messageText';

/**
 * /messages: the outbox, read-only. Filtered by program, contact, status, kind, day and dates
 * (the Deliveries panel and the contact page link here with theirs), paged and sorted on the server.
 */
export default function MessageList() {
  const t = useMessages();
  return (
    <ListScreen
      list="messages"
      action={<LinkButton to={REPLIES_PATH} text="replies.link" />}
      search={false}
      filters={messageFilters(t)}
      tags={messageTags(t)}
      rowClick={(id) => messagePath(id)}
    >
      <DateTimeCol source="createdAt" />
      <DateTimeCol source="sendAfter" />
      <DataTable.Col source="contactName" disableSort field={Recipient} />
      <DataTable.Col source="programName" disableSort field={ProgramDay} />
      <DataTable.Col
        source="kind"
        disableSort
        render={(message: ApiMessage) => t(`delivery.kinds.${message.kind}`)}
      />
      <DataTable.Col
        source="status"
        render={(message: ApiMessage) => <MessageStatusChip status={message.status} />}
      />
      {/* The detail page names the same field 'Error text'. */}
      <DataTable.Col
        source="errorMessage"
        label={t('delivery.fields.error')}
        disableSort
        render={(message: ApiMessage) => errorText(message) ?? ''}
      />
      <DataTable.NumberCol source="attempts" disableSort />
      {/* Counted clicks on its tracked links; empty for a message without one. */}
      <DataTable.Col
        source="linkOpens"
        disableSort
        align="right"
        render={(message: ApiMessage) =>
          message.linkOpens ? formatCount(message.linkOpens.clicks) : ''
        }
      />
    </ListScreen>
  );
}

/** The recipient's name (when a contact) over the phone the message went to. */
function Recipient() {
  const message = useRecordContext<ApiMessage>();
  if (!message) return null;
  return <TwoLineCell main={message.contactName} below={message.toPhone} />;
}

/** The program the message belongs to, over its day. */
function ProgramDay() {
  const t = useMessages();
  const message = useRecordContext<ApiMessage>();
  if (!message) return null;
  if (!message.programName) return t('delivery.none');
  return (
    <TwoLineCell
      main={message.programName}
      below={message.day !== null && t('products.dayTitles.day', { n: message.day })}
    />
  );
}
