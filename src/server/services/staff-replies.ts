import { and, eq, gt } from 'drizzle-orm';
import { CONVERSATION_WINDOW_MS, STAFF_REPLY_LIMIT } from '../../shared/consent';
import { formatMessage } from '../../shared/format';
import type { ApiMessageDetail } from '../../shared/responses/messages';
import type { StaffReplyInput } from '../validation/inbox';
import { serverTexts } from '../texts';
import { countStaffSend, forgetAttempt } from '../auth/rate-limit';
import { optedOutSince, optOutDate } from '../consent/opted-out-since';
import type { Db, Tx } from '../db/client';
import { inboundMessages, outboundMessages, users } from '../db/schema';
import { literalBody } from '../delivery/body';
import { destinationRefusal, phoneTimeZones } from '../delivery/destination';
import { joinZones, quietHoursEndIn, storedLatest } from '../delivery/quiet-hours';
import { recipientSendWindow } from '../delivery/recipient-zones';
import { recordEvent } from '../delivery/status';
import { badRequest, conflict, notFound } from '../http/errors';
import { uploadedMediaName } from '../media/uploaded';
import { reviewNotPending } from '../consent/review-holds';
import { getMessage } from './messages';

const t = serverTexts.staffReplies.api;

export interface StaffReplyOptions {
  /** The staff member replying: the message is theirs (created_by), and so is the rate limit. */
  userId: string;
  /** PUBLIC_URL: media goes as an absolute URL under it. */
  publicUrl: string;
  /** SMS_ALLOWED_COUNTRIES. */
  allowedCountries: readonly string[];
  /** The delivery engine's clock. */
  now: Date;
}

/** Whether the phone wrote to Tidings within CONVERSATION_WINDOW_MS before `now`. */
async function wroteRecently(tx: Tx, phone: string, now: Date): Promise<boolean> {
  const [recent] = await tx
    .select({ id: inboundMessages.id })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.fromPhone, phone),
        gt(inboundMessages.receivedAt, new Date(now.getTime() - CONVERSATION_WINDOW_MS)),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

/**
 * POST /api/contacts/{id}/messages: a staff member's reply to a contact, queued as kind `staff`
 * and answered as GET /api/messages/{id} does. A reply to a phone that wrote in the last 24 hours
 * goes at once: it answers them, as a confirmation does. Otherwise it keeps the quiet hours where
 * the contact is, and is due at the first minute they allow (its `sendAfter` says when). Refused
 * for a contact without a phone (400) and for a phone that opted out (409); only a reply that is
 * queued counts against the staff member's limit. Replying marks the contact's new replies
 * handled, but for one that still needs a decision on whether it asks to stop.
 */
export async function sendStaffReply(
  db: Db,
  contactId: string,
  input: StaffReplyInput,
  options: StaffReplyOptions,
): Promise<ApiMessageDetail> {
  const { now, userId } = options;
  const [contact] = await db
    .select({ id: users.id, phone: users.phone, country: users.country, state: users.state })
    .from(users)
    .where(eq(users.id, contactId));
  if (!contact) throw notFound(serverTexts.contacts.notFound);
  const phone = contact.phone;
  if (!phone) throw badRequest(t.noPhone);
  const abroad = destinationRefusal(phone, options.allowedCountries);
  if (abroad) throw badRequest(abroad);
  let mediaStorageName: string | null = null;
  if (input.mediaUrl !== undefined) {
    mediaStorageName = await uploadedMediaName(db, input.mediaUrl, options.publicUrl);
    const message = serverTexts.testSends.api.mediaNotFound;
    if (!mediaStorageName) throw badRequest(message, [{ field: 'mediaUrl', message }]);
  }
  const { body, mediaUrl, segments } = literalBody(input.body, mediaStorageName, options.publicUrl);

  const attempt = await countStaffSend(
    db,
    `staff-reply:user:${userId}`,
    STAFF_REPLY_LIMIT,
    t.tooMany,
  );
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const since = await optedOutSince(tx, phone);
      if (since) throw conflict(formatMessage(t.optedOut, { date: optOutDate.format(since) }));
      // Where the contact may be (recipient-zones.ts); when neither their address nor their
      // number tells, every zone of the number's country. None for an answer to a phone that
      // just wrote.
      const window = (await wroteRecently(tx, phone, now))
        ? null
        : recipientSendWindow({ ...contact, phone }, phoneTimeZones(phone));
      const zones = window?.zones ?? [];
      const [row] = await tx
        .insert(outboundMessages)
        .values({
          kind: 'staff',
          contactId: contact.id,
          toPhone: phone,
          body,
          mediaUrl,
          segments,
          sendAfter: (window && quietHoursEndIn(now, zones, window.latest)) ?? now,
          timeZone: zones.length > 0 ? joinZones(zones) : null,
          sendWindowLatest: window ? storedLatest(window.latest) : null,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: outboundMessages.id });
      await recordEvent(tx, row!.id, 'queued', 'staff', now);
      await tx
        .update(inboundMessages)
        .set({ state: 'handled', handledAt: now, handledBy: userId })
        .where(
          and(
            eq(inboundMessages.contactId, contact.id),
            eq(inboundMessages.state, 'new'),
            reviewNotPending,
          ),
        );
      return row!.id;
    });
  } catch (error) {
    // Refused (opted out) or not written: it was no reply, so it does not count.
    await forgetAttempt(db, attempt);
    throw error;
  }
  return getMessage(db, id);
}
