import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '../../shared/messages';
import type { Tx } from '../db/client';
import { outboundMessageEvents, outboundMessages, users } from '../db/schema';

/**
 * Marks a contact opted out (they replied STOP, or the provider reports them unsubscribed) and
 * cancels every message still waiting for them, so nothing more is sent. Returns how many messages
 * were canceled. Inbound STOP handling and the consent log build on this.
 */
export async function optOutContact(tx: Tx, contactId: string, at: Date): Promise<number> {
  await tx
    .update(users)
    .set({ smsOptedOutAt: at, updatedAt: at })
    .where(and(eq(users.id, contactId), isNull(users.smsOptedOutAt)));
  const canceled = await tx
    .update(outboundMessages)
    .set({ status: 'canceled', updatedAt: at })
    .where(and(eq(outboundMessages.contactId, contactId), eq(outboundMessages.status, 'queued')))
    .returning({ id: outboundMessages.id });
  if (canceled.length > 0) {
    await tx.insert(outboundMessageEvents).values(
      canceled.map(({ id }) => ({
        messageId: id,
        status: 'canceled' as const,
        source: 'system' as const,
        at,
        errorMessage: messages.delivery.optedOut,
      })),
    );
  }
  return canceled.length;
}
