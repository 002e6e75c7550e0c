import { and, eq } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import { analyzeSms } from '../../shared/sms';
import { phoneOptedOut, recordConsent } from '../consent/log';
import type { Tx } from '../db/client';
import { outboundMessages } from '../db/schema';
import { recordEvent } from '../delivery/status';

/** The opt-in request a participant receives: it asks them to reply JOIN. */
export function optinBody(firstName: string): string {
  return formatMessage(messages.sms.optin, { first: firstName.trim().slice(0, 20) || 'there' });
}

/** Who asked for an opt-in request, and when (the time of its consent row). */
export interface OptinRequester {
  staffUserId: string;
  at: Date;
}

/**
 * Puts an opt-in request for the contact in the outbox, for the delivery engine to send, with the
 * staff user who asked for it, and writes the `optin_requested` row of the consent log: the words
 * the phone was asked to consent to are part of the proof. A request still waiting there is not
 * queued (or logged) twice. A phone that opted out (the contact, or the number before it was
 * anyone's contact) gets none: after STOP only its own JOIN/START may start messages again (CTIA).
 * Returns whether a request is now queued.
 */
export async function queueOptinMessage(
  tx: Tx,
  contact: { id: string; firstName: string; phone: string | null; smsOptedOutAt: Date | null },
  requester: OptinRequester,
): Promise<boolean> {
  if (!contact.phone || contact.smsOptedOutAt) return false;
  if (await phoneOptedOut(tx, contact.phone)) return false;
  const [waiting] = await tx
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.contactId, contact.id),
        eq(outboundMessages.kind, 'optin'),
        eq(outboundMessages.status, 'queued'),
      ),
    )
    .limit(1);
  if (waiting) return true;
  const body = optinBody(contact.firstName);
  const [queued] = await tx
    .insert(outboundMessages)
    .values({
      kind: 'optin',
      contactId: contact.id,
      toPhone: contact.phone,
      body,
      segments: analyzeSms(body).segments,
      createdBy: requester.staffUserId,
    })
    .returning({ id: outboundMessages.id, createdAt: outboundMessages.createdAt });
  if (!queued) return false;
  await recordEvent(tx, queued.id, 'queued', 'system', queued.createdAt);
  await recordConsent(tx, [
    {
      contactId: contact.id,
      phone: contact.phone,
      event: 'optin_requested',
      source: 'staff',
      staffUserId: requester.staffUserId,
      text: body,
      outboundMessageId: queued.id,
      at: requester.at,
    },
  ]);
  return true;
}
