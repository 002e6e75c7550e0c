import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import { readReply } from '../../shared/reply-reading';
import type { ApiInboundMessage, ApiInboxCounts } from '../../shared/responses/messages';
import type { InboundPatch } from '../../shared/validation/inbox';
import type { ReviewDecision } from '../../shared/consent';
import { serverTexts } from '../texts';
import { recordConsent } from '../consent/log';
import { optOutDate } from '../consent/opted-out-since';
import { lockPhone } from '../consent/phone-lock';
import type { Db, Tx } from '../db/client';
import { inboundMessages, users } from '../db/schema';
import { optOutPhone } from '../delivery/opt-out';
import { badRequest, conflict, notFound } from '../http/errors';
import { optOutConfirmation } from '../inbound/texts';
import { queueReply } from '../outbox/replies';
import { reviewPending } from '../consent/review-holds';
import { fromInbound, toApiInboundMessage } from './inbound-messages';

const t = serverTexts.inboxApi;

/** Who acts on the inbox: the signed-in staff member. */
export interface InboxActor {
  id: string;
}

async function readInbound(db: Db | Tx, id: string): Promise<ApiInboundMessage> {
  const [found] = await fromInbound(db).where(eq(inboundMessages.id, id));
  if (!found) throw notFound(t.notFound);
  return toApiInboundMessage(found);
}

/** Staff who may hold replies: active hosts and admins. */
async function assertAssignable(tx: Tx, userId: string) {
  const [staff] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.id, userId), inArray(users.role, ['host', 'admin']), eq(users.status, 'active')),
    );
  if (!staff) {
    throw badRequest(t.assigneeNotStaff, [{ field: 'assigneeId', message: t.assigneeNotStaff }]);
  }
}

/**
 * PATCH /api/inbound-messages/{id}: marks a reply new or handled (by the actor, now) and/or assigns
 * it. A reply that may ask to stop is only handled by deciding it (POST …/review), so none is
 * filed away while it holds the phone's messages.
 */
export async function updateInbound(
  db: Db,
  id: string,
  patch: InboundPatch,
  actor: InboxActor,
  now: Date,
): Promise<ApiInboundMessage> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: inboundMessages.id, pending: sql<boolean>`${reviewPending}` })
      .from(inboundMessages)
      .where(eq(inboundMessages.id, id))
      .for('update');
    if (!row) throw notFound(t.notFound);
    if (patch.state === 'handled' && row.pending) throw conflict(t.decideFirst);
    if (patch.assigneeId) await assertAssignable(tx, patch.assigneeId);
    const handled =
      patch.state === undefined
        ? {}
        : patch.state === 'handled'
          ? { state: 'handled' as const, handledAt: now, handledBy: actor.id }
          : { state: 'new' as const, handledAt: null, handledBy: null };
    await tx
      .update(inboundMessages)
      .set({
        ...handled,
        ...(patch.assigneeId === undefined ? {} : { assigneeId: patch.assigneeId }),
      })
      .where(eq(inboundMessages.id, id));
  });
  return readInbound(db, id);
}

/**
 * POST /api/inbound-messages/{id}/review: a staff member's decision on a reply that may be a
 * request to stop. 'optout' opts the phone out as its STOP would (the log's row is the phone's
 * word, read by the staff member: source `review`) and confirms it to the phone in the reply's
 * language; 'not_optout' writes that decision to the log and lifts the reply's hold. Either marks
 * the reply handled. The phone's lock orders it with the phone's own replies.
 */
export async function decideReview(
  db: Db,
  id: string,
  decision: ReviewDecision,
  actor: InboxActor,
  now: Date,
): Promise<ApiInboundMessage> {
  await db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ phone: inboundMessages.fromPhone })
      .from(inboundMessages)
      .where(eq(inboundMessages.id, id));
    if (!peek) throw notFound(t.notFound);
    await lockPhone(tx, peek.phone);
    const [found] = await fromInbound(tx).where(eq(inboundMessages.id, id));
    const message = toApiInboundMessage(found!);
    if (message.intent !== 'review') {
      const intent = message.intent
        ? messages.conversations.intents[message.intent]
        : messages.replies.noIntent;
      throw conflict(formatMessage(t.notForReview, { intent }));
    }
    if (message.reviewDecision) {
      throw conflict(
        formatMessage(t.alreadyDecided, {
          staff: message.reviewedByName ?? messages.conversations.optin.someStaff,
          date: optOutDate.format(new Date(message.reviewedAt!)),
        }),
      );
    }
    if (decision === 'optout') {
      const { changed } = await optOutPhone(tx, {
        phone: message.fromPhone,
        at: now,
        source: 'review',
        staffUserId: actor.id,
        text: message.body,
        inboundMessageId: message.id,
      });
      if (changed) {
        await queueReply(tx, {
          kind: 'confirmation',
          phone: message.fromPhone,
          contactId: message.contactId,
          body: optOutConfirmation(readReply(message.body).language),
          at: now,
        });
      }
    } else {
      const contacts = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phone, message.fromPhone));
      const record = (contactId: string | null) => ({
        contactId,
        phone: message.fromPhone,
        event: 'review_cleared' as const,
        source: 'review' as const,
        staffUserId: actor.id,
        text: message.body,
        inboundMessageId: message.id,
        at: now,
      });
      await recordConsent(
        tx,
        contacts.length > 0 ? contacts.map((c) => record(c.id)) : [record(null)],
      );
    }
    await tx
      .update(inboundMessages)
      .set({
        reviewDecision: decision,
        reviewedBy: actor.id,
        reviewedAt: now,
        state: 'handled',
        handledAt: now,
        handledBy: actor.id,
      })
      .where(eq(inboundMessages.id, id));
  });
  return readInbound(db, id);
}

/**
 * GET /api/inbound-messages/counts: one statement over the new replies only (a partial index holds
 * exactly those), so the top bar can ask every half minute at no cost. A reply that needs review
 * stays new until decided, so every one of them is among these.
 */
export async function inboxCounts(db: Db, userId: string): Promise<ApiInboxCounts> {
  const [row] = await db
    .select({
      new: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${inboundMessages.assigneeId} = ${userId}))::int`,
      needsReview: sql<number>`(count(*) filter (where ${reviewPending}))::int`,
    })
    .from(inboundMessages)
    .where(eq(inboundMessages.state, 'new'));
  return row!;
}
