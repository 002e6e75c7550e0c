import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { outboundEmails } from '../db/schema';

/**
 * Puts a welcome email (verify your address, then set a password) in the email outbox. Its link
 * and single-use token are made when it is sent, so none is stored. Returns whether one is queued.
 */
export async function queueWelcomeEmail(
  tx: Tx,
  user: { id: string; email: string },
): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: outboundEmails.id })
    .from(outboundEmails)
    .where(
      and(
        eq(outboundEmails.userId, user.id),
        eq(outboundEmails.kind, 'welcome'),
        eq(outboundEmails.status, 'queued'),
      ),
    )
    .limit(1);
  if (waiting) return true;
  const queued = await tx
    .insert(outboundEmails)
    .values({ kind: 'welcome', userId: user.id, toEmail: user.email })
    .returning({ id: outboundEmails.id });
  return queued.length === 1;
}
