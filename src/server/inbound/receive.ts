import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { INBOUND_LIMITS } from '../../shared/consent';
import { readIntent, type ReplyIntent } from '../../shared/keywords';
import { keywordIn, type ReplyLanguage } from '../../shared/reply-reading';
import type { ApiInboundMessage } from '../../shared/responses/messages';
import { serverTexts } from '../texts';
import { phoneConsentWord, recordConsent } from '../consent/log';
import type { Db, Tx } from '../db/client';
import {
  inboundMessages,
  outboundMessages,
  podMembers,
  pods,
  products,
  programPods,
  programs,
  users,
} from '../db/schema';
import { lockPhone } from '../consent/phone-lock';
import { cancelQueued, optOutPhone } from '../delivery/opt-out';
import { queueReply } from '../outbox/replies';
import { fromInbound, toApiInboundMessage } from '../services/inbound-messages';
import { programStatusSqlAt } from '../services/programs';
import { helpReply, optinConfirmation, optOutConfirmation } from './texts';

/** A message a phone sent, as the provider (or Simulate reply) hands it over. */
export interface ReceivedMessage {
  /** The provider's id (Twilio's MessageSid): the same id is handled once. */
  providerMessageId: string;
  from: string;
  to: string;
  body: string;
  mediaUrls: string[];
  /**
   * The staff user who typed it with Simulate reply; absent for a phone's message. It acts as the
   * phone's would, but is stored, and logged as consent, as simulated by them.
   */
  simulatedBy?: string;
}

export interface InboundSettings {
  /** SMS_HELP_CONTACT, for the HELP reply. */
  helpContact: string;
}

type InboundRow = typeof inboundMessages.$inferSelect;

interface PhoneContact {
  id: string;
  role: string;
  smsVerified: boolean;
  smsOptedOutAt: Date | null;
}

async function apiMessage(db: Db | Tx, providerMessageId: string): Promise<ApiInboundMessage> {
  const [found] = await fromInbound(db).where(
    eq(inboundMessages.providerMessageId, providerMessageId),
  );
  return toApiInboundMessage(found!);
}

/**
 * Who a consent change the message made comes from: the phone itself (its keyword), or the staff
 * member who simulated it.
 */
const consentSource = (message: InboundRow) =>
  message.simulatedBy
    ? { source: 'simulated' as const, staffUserId: message.simulatedBy }
    : { source: 'keyword' as const, staffUserId: null };

/**
 * The contact a message from the phone is filed under, when several share it: the one Tidings
 * last wrote to at that phone (whose message the phone is most likely answering), else the
 * earliest created.
 */
async function matchContact(
  tx: Tx,
  phone: string,
  contacts: PhoneContact[],
): Promise<string | null> {
  if (contacts.length <= 1) return contacts[0]?.id ?? null;
  const [last] = await tx
    .select({ contactId: outboundMessages.contactId })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.toPhone, phone),
        inArray(
          outboundMessages.contactId,
          contacts.map((c) => c.id),
        ),
      ),
    )
    .orderBy(desc(outboundMessages.createdAt))
    .limit(1);
  return last?.contactId ?? contacts[0]!.id;
}

/** The names of the scheduled or running programs any active pod of the contacts is in. */
async function programNames(tx: Tx, contactIds: string[], at: Date): Promise<string[]> {
  const status = programStatusSqlAt(sql`${at.toISOString()}::timestamptz`);
  const rows = await tx
    .selectDistinct({
      name: programs.programName,
      startDate: programs.startDate,
      id: programs.id,
    })
    .from(podMembers)
    .innerJoin(pods, eq(pods.id, podMembers.podId))
    .innerJoin(programPods, eq(programPods.podId, pods.id))
    .innerJoin(programs, eq(programs.id, programPods.programId))
    .innerJoin(products, eq(products.id, programs.productId))
    .where(
      and(
        inArray(podMembers.userId, contactIds),
        eq(podMembers.status, 'active'),
        eq(pods.status, 'active'),
        inArray(status, ['scheduled', 'running']),
      ),
    )
    .orderBy(asc(programs.startDate), asc(programs.programName), asc(programs.id));
  return [...new Set(rows.map((row) => row.name))];
}

interface Context {
  tx: Tx;
  message: InboundRow;
  contacts: PhoneContact[];
  keyword: string | null;
  /** The language of the keyword or phrase: the answer is given in it. */
  language: ReplyLanguage;
  settings: InboundSettings;
}

/**
 * JOIN and its like: every participant with the phone is verified and no longer opted out, each
 * with a consent row, and the phone gets one confirmation naming their programs. A phone already
 * opted in (a later 'yes' to a question, say) changes nothing and gets nothing. A phone of no
 * participant gets no answer, and only changes if it had opted out (see below).
 */
async function optIn({ tx, message, contacts, keyword, language }: Context) {
  const phone = message.fromPhone;
  const at = message.receivedAt;
  const participants = contacts.filter((c) => c.role === 'participant');
  const before = await phoneConsentWord(tx, phone);
  const record = (contactId: string | null) => ({
    contactId,
    phone,
    event: 'opted_in' as const,
    ...consentSource(message),
    keyword,
    text: message.body,
    inboundMessageId: message.id,
    at,
  });
  if (participants.length === 0) {
    // Staff, or a number Tidings does not know: nothing to join and no answer. Only a phone that
    // had opted out is opted back in, so its own STOP stops holding back what is sent to it (a
    // staff member's test sends, say).
    const optedOut = contacts.filter((c) => c.smsOptedOutAt).map((c) => c.id);
    if (before !== 'opted_out' && optedOut.length === 0) return;
    if (optedOut.length > 0) {
      await tx
        .update(users)
        .set({ smsOptedOutAt: null, updatedAt: at })
        .where(inArray(users.id, optedOut));
    }
    await recordConsent(
      tx,
      contacts.length > 0 ? contacts.map((c) => record(c.id)) : [record(null)],
    );
    return;
  }
  const alreadyIn =
    before === 'opted_in' && participants.every((c) => c.smsVerified && !c.smsOptedOutAt);
  if (alreadyIn) return;

  const ids = participants.map((c) => c.id);
  await tx
    .update(users)
    .set({ smsVerified: true, smsOptedOutAt: null, updatedAt: at })
    .where(inArray(users.id, ids));
  await recordConsent(
    tx,
    ids.map((id) => record(id)),
  );
  // An opt-in request still waiting would ask them for what they just did.
  await cancelQueued(
    tx,
    and(eq(outboundMessages.kind, 'optin'), eq(outboundMessages.toPhone, phone)),
    at,
    serverTexts.inbound.alreadyOptedIn,
  );
  const matched = participants.some((c) => c.id === message.contactId)
    ? message.contactId
    : participants[0]!.id;
  await queueReply(tx, {
    kind: 'confirmation',
    phone,
    contactId: matched,
    body: optinConfirmation(await programNames(tx, ids, at), language),
    at,
  });
}

/**
 * STOP and its like, for the phone: see optOutPhone. Its one confirmation goes to any number
 * that opted out, a number Tidings does not know too (CTIA: every STOP to the sender is
 * confirmed); a phone already opted out gets nothing more.
 */
async function optOut({ tx, message, keyword, language }: Context) {
  const { changed } = await optOutPhone(tx, {
    phone: message.fromPhone,
    at: message.receivedAt,
    ...consentSource(message),
    keyword,
    text: message.body,
    inboundMessageId: message.id,
  });
  if (!changed) return;
  await queueReply(tx, {
    kind: 'confirmation',
    phone: message.fromPhone,
    contactId: message.contactId,
    body: optOutConfirmation(language),
    at: message.receivedAt,
  });
}

/** HELP/INFO: a help reply to any phone Tidings knows, opted out or not; none to a stranger. */
async function help({ tx, message, contacts, settings, language }: Context) {
  if (contacts.length === 0) return;
  await queueReply(tx, {
    kind: 'reply',
    phone: message.fromPhone,
    contactId: message.contactId,
    body: helpReply(settings.helpContact, language),
    at: message.receivedAt,
  });
}

/**
 * A reply that may be a request to stop ('Stop by the office tomorrow?'): nothing is sent to the
 * phone, and its program messages are held (planner, dispatcher) until a staff member decides in
 * the inbox. The hold is written to the consent log, for each contact with the phone.
 */
async function review({ tx, message, contacts, keyword }: Context) {
  const record = (contactId: string | null) => ({
    contactId,
    phone: message.fromPhone,
    event: 'review_held' as const,
    ...consentSource(message),
    keyword,
    text: message.body,
    inboundMessageId: message.id,
    at: message.receivedAt,
  });
  await recordConsent(tx, contacts.length > 0 ? contacts.map((c) => record(c.id)) : [record(null)]);
}

const ACTIONS: Record<ReplyIntent, (context: Context) => Promise<void>> = {
  optin: optIn,
  optout: optOut,
  help,
  review,
};

/** Replies Tidings answers itself arrive handled; the rest wait in the inbox for staff. */
const answeredByTidings = (intent: ReplyIntent | null) => intent !== null && intent !== 'review';

/**
 * Handles a message a phone sent: stores it and acts on what it asks (readIntent), all in one
 * transaction. Idempotent by provider id: a message already stored (Twilio posting a webhook again,
 * even two at once) changes nothing more. The phone's lock (lockPhone) is held throughout, so two
 * replies from one phone, or a reply and the provider's 21610, are handled one after the other.
 * Answers go through the outbox (tracked, paced), never in the webhook's response.
 */
export async function receiveMessage(
  db: Db,
  received: ReceivedMessage,
  settings: InboundSettings,
  at: Date = new Date(),
): Promise<{ message: ApiInboundMessage; created: boolean }> {
  const from = received.from;
  const body = received.body.slice(0, INBOUND_LIMITS.bodyMax);
  const created = await db.transaction(async (tx) => {
    await lockPhone(tx, from);
    const contacts: PhoneContact[] = await tx
      .select({
        id: users.id,
        role: users.role,
        smsVerified: users.smsVerified,
        smsOptedOutAt: users.smsOptedOutAt,
      })
      .from(users)
      .where(eq(users.phone, from))
      .orderBy(asc(users.createdAt), asc(users.id));
    const { intent, language } = readIntent(body);
    const [message] = await tx
      .insert(inboundMessages)
      .values({
        providerMessageId: received.providerMessageId,
        fromPhone: from,
        toPhone: received.to,
        body,
        mediaUrls: received.mediaUrls.slice(0, INBOUND_LIMITS.mediaMax),
        contactId: await matchContact(tx, from, contacts),
        intent,
        simulatedBy: received.simulatedBy ?? null,
        receivedAt: at,
        state: answeredByTidings(intent) ? 'handled' : 'new',
        handledAt: answeredByTidings(intent) ? at : null,
      })
      .onConflictDoNothing({ target: inboundMessages.providerMessageId })
      .returning();
    if (!message) return false;
    if (intent) {
      await ACTIONS[intent]({
        tx,
        message,
        contacts,
        keyword: keywordIn(body, intent),
        language,
        settings,
      });
    }
    return true;
  });
  return { message: await apiMessage(db, received.providerMessageId), created };
}
