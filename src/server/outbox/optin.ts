import { and, eq } from 'drizzle-orm';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import { analyzeSms } from '../../shared/sms';
import type { Tx } from '../db/client';
import { outboundMessages } from '../db/schema';
import { recordEvent } from '../delivery/status';

/** The opt-in request a participant receives: it asks them to reply JOIN. */
export function optinBody(firstName: string): string {
  return formatMessage(messages.sms.optin, { first: firstName.trim().slice(0, 20) || 'there' });
}

/**
 * Puts an opt-in request for the contact in the outbox, for the delivery engine to send. A request
 * still waiting there is not queued twice. Returns whether a request is now queued.
 */
export async function queueOptinMessage(
  tx: Tx,
  contact: { id: string; firstName: string; phone: string | null },
): Promise<boolean> {
  if (!contact.phone) return false;
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
    })
    .returning({ id: outboundMessages.id, createdAt: outboundMessages.createdAt });
  if (!queued) return false;
  await recordEvent(tx, queued.id, 'queued', 'system', queued.createdAt);
  return true;
}
