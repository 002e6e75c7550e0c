import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { ConsentSource } from '../../shared/consent';
import { serverTexts } from '../texts';
import { phoneOptedOut, recordConsent, type ConsentRecord } from '../consent/log';
import { lockPhone } from '../consent/phone-lock';
import type { Db, Tx } from '../db/client';
import { outboundMessageEvents, outboundMessages, users } from '../db/schema';

/**
 * Cancels queued messages matching `where`, each with a `canceled` event saying why, and whose
 * decision it was (Tidings' own, unless a staff action canceled them).
 */
export async function cancelQueued(
  tx: Tx | Db,
  where: SQL | undefined,
  at: Date,
  reason: string,
  source: 'system' | 'staff' = 'system',
): Promise<string[]> {
  const canceled = await tx
    .update(outboundMessages)
    .set({ status: 'canceled', updatedAt: at })
    .where(and(eq(outboundMessages.status, 'queued'), where))
    .returning({ id: outboundMessages.id });
  if (canceled.length > 0) {
    await tx.insert(outboundMessageEvents).values(
      canceled.map(({ id }) => ({
        messageId: id,
        status: 'canceled' as const,
        source,
        at,
        errorMessage: reason,
      })),
    );
  }
  return canceled.map(({ id }) => id);
}

export interface PhoneOptOut {
  phone: string;
  at: Date;
  /**
   * keyword: the phone replied STOP (or its like); simulated: a staff member typed that reply with
   * Simulate reply; provider: the provider reported 21610; review: a staff member read a reply
   * that needed review as a request to stop.
   */
  source: Extract<ConsentSource, 'keyword' | 'simulated' | 'provider' | 'review'>;
  /** Who simulated the reply, or decided it was a request to stop (simulated, review). */
  staffUserId?: string | null;
  /** The stop word matched, upper-cased (keyword only). */
  keyword?: string | null;
  /** The reply, or the provider's error text. */
  text: string | null;
  inboundMessageId?: string | null;
  /** The message the provider refused (provider only). */
  outboundMessageId?: string | null;
}

export interface PhoneOptOutResult {
  /** Whether this opted the phone out; false when it already was (a repeated STOP). */
  changed: boolean;
  /** The messages canceled. */
  canceled: string[];
}

/**
 * Opts a phone out at once: every contact with it is marked opted out, every message still queued
 * to it (any kind, any contact) or to those contacts is canceled, and the consent log gets one
 * `opted_out` row per contact, or one without a contact for a number Tidings does not know (its
 * STOP is kept, and honoured by the dispatcher's last check). A phone that already opted out
 * changes nothing (its contacts are opted out and the log's last word for it is a STOP). Call it
 * in the transaction that records what asked for it; it takes the phone's lock.
 */
export async function optOutPhone(tx: Tx, request: PhoneOptOut): Promise<PhoneOptOutResult> {
  const { phone, at } = request;
  await lockPhone(tx, phone);
  const contacts = await tx
    .select({ id: users.id, smsOptedOutAt: users.smsOptedOutAt })
    .from(users)
    .where(eq(users.phone, phone));
  const loggedOut = await phoneOptedOut(tx, phone);
  // Contacts the log already has opted out need no second row; a contact added since does.
  const recordFor = loggedOut ? contacts.filter((c) => !c.smsOptedOutAt) : contacts;
  if (loggedOut && recordFor.length === 0) return { changed: false, canceled: [] };

  const ids = contacts.map((c) => c.id);
  if (ids.length > 0) {
    await tx
      .update(users)
      .set({ smsOptedOutAt: at, updatedAt: at })
      .where(and(inArray(users.id, ids), isNull(users.smsOptedOutAt)));
  }
  const canceled = await cancelQueued(
    tx,
    or(eq(outboundMessages.toPhone, phone), inArray(outboundMessages.contactId, ids)),
    at,
    serverTexts.delivery.optedOut,
  );
  const record = (contactId: string | null): ConsentRecord => ({
    contactId,
    phone,
    event: 'opted_out',
    source: request.source,
    staffUserId: request.staffUserId ?? null,
    keyword: request.keyword ?? null,
    text: request.text,
    inboundMessageId: request.inboundMessageId ?? null,
    outboundMessageId: request.outboundMessageId ?? null,
    at,
  });
  await recordConsent(
    tx,
    recordFor.length > 0 ? recordFor.map((c) => record(c.id)) : [record(null)],
  );
  return { changed: true, canceled };
}
