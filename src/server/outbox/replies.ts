import type { MessageKind } from '../../shared/delivery';
import { analyzeSms } from '../../shared/sms';
import type { Tx } from '../db/client';
import { outboundMessages } from '../db/schema';
import { recordEvent } from '../delivery/status';

/**
 * Puts an answer to a phone that just wrote (a JOIN or STOP confirmation, a HELP reply) in the
 * outbox, so it is sent, paced and tracked like every message. Due at once and outside quiet
 * hours (no time zone): the phone is waiting for it. Returns the message's id.
 */
export async function queueReply(
  tx: Tx,
  reply: {
    kind: Extract<MessageKind, 'confirmation' | 'reply'>;
    phone: string;
    contactId: string | null;
    body: string;
    at: Date;
  },
): Promise<string> {
  const [queued] = await tx
    .insert(outboundMessages)
    .values({
      kind: reply.kind,
      contactId: reply.contactId,
      toPhone: reply.phone,
      body: reply.body,
      segments: analyzeSms(reply.body).segments,
      sendAfter: reply.at,
      timeZone: null,
      createdAt: reply.at,
      updatedAt: reply.at,
    })
    .returning({ id: outboundMessages.id });
  await recordEvent(tx, queued!.id, 'queued', 'system', reply.at);
  return queued!.id;
}
