import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  HANDED_OVER_STATUSES,
  MESSAGE_STATUS_RANK,
  MESSAGE_STATUSES,
  type MessageEventSource,
  type MessageStatus,
} from '../../shared/delivery';
import type { Db, Tx } from '../db/client';
import { outboundMessageEvents, outboundMessages } from '../db/schema';
import { lockPhone } from '../consent/phone-lock';
import { optOutPhone } from './opt-out';
import type { StatusReport } from './provider';

/** Twilio's "the recipient has unsubscribed" (they replied STOP at the carrier). */
export const OPTED_OUT_ERROR_CODE = '21610';

/** Longest provider error text kept with a message. */
export const ERROR_MESSAGE_MAX = 500;

export const trimError = (text: string | null | undefined): string | null =>
  text ? text.slice(0, ERROR_MESSAGE_MAX) : null;

/** Appends one change to a message's history, in the transaction that made it. */
export async function recordEvent(
  tx: Tx | Db,
  messageId: string,
  status: MessageStatus,
  source: MessageEventSource,
  at: Date,
  error: { errorCode?: string | null; errorMessage?: string | null } = {},
): Promise<void> {
  await tx.insert(outboundMessageEvents).values({
    messageId,
    status,
    source,
    at,
    errorCode: error.errorCode ?? null,
    errorMessage: trimError(error.errorMessage),
  });
}

/** Appends one change of many messages' status to each one's history, in one statement. */
export async function recordEvents(
  tx: Tx | Db,
  messageIds: string[],
  status: MessageStatus,
  source: MessageEventSource,
  at: Date,
  errorMessage: string | null = null,
): Promise<void> {
  if (messageIds.length === 0) return;
  await tx
    .insert(outboundMessageEvents)
    .values(messageIds.map((messageId) => ({ messageId, status, source, at, errorMessage })));
}

/** The statuses a report of `status` may move a message out of: only those further behind. */
export const statusesBefore = (status: MessageStatus): MessageStatus[] =>
  MESSAGE_STATUSES.filter((s) => MESSAGE_STATUS_RANK[s] < MESSAGE_STATUS_RANK[status]);

/**
 * Applies what the provider says became of a message (a status callback, the log provider's
 * delivery report, a lookup of an `unknown` message). A status only moves forward: a duplicate,
 * late or out-of-order report changes nothing and returns false. A report of Twilio's 21610 also
 * opts the phone out (optOutPhone). One short transaction.
 */
export async function applyStatusReport(
  db: Db,
  messageId: string,
  report: StatusReport,
  at: Date = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const optedOut = report.errorCode === OPTED_OUT_ERROR_CODE;
    if (optedOut) {
      // The phone's lock before the message's row, the order an inbound STOP takes them in (it
      // cancels queued rows under that lock), so the two cannot wait for each other.
      const [message] = await tx
        .select({ toPhone: outboundMessages.toPhone })
        .from(outboundMessages)
        .where(eq(outboundMessages.id, messageId));
      if (message) await lockPhone(tx, message.toPhone);
    }
    const handedOver = (HANDED_OVER_STATUSES as readonly MessageStatus[]).includes(report.status);
    const [row] = await tx
      .update(outboundMessages)
      .set({
        status: report.status,
        providerMessageId: report.providerMessageId
          ? report.providerMessageId
          : sql`${outboundMessages.providerMessageId}`,
        errorCode: report.errorCode ?? null,
        errorMessage: trimError(report.errorMessage),
        sentAt: handedOver ? sql`coalesce(${outboundMessages.sentAt}, ${at})` : undefined,
        deliveredAt: report.status === 'delivered' ? at : undefined,
        claimedBy: null,
        updatedAt: at,
      })
      .where(
        and(
          eq(outboundMessages.id, messageId),
          inArray(outboundMessages.status, statusesBefore(report.status)),
        ),
      )
      .returning({ id: outboundMessages.id, toPhone: outboundMessages.toPhone });
    if (!row) return false;
    await recordEvent(tx, messageId, report.status, 'provider', at, report);
    if (optedOut) {
      await optOutPhone(tx, {
        phone: row.toPhone,
        at,
        source: 'provider',
        text: trimError(report.errorMessage),
        outboundMessageId: messageId,
      });
    }
    return true;
  });
}
