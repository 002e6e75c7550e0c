import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { outboundEmails, users, webhookEndpoints, type OutboundEmailKind } from '../db/schema';

/**
 * Puts an email in the email outbox, in the caller's transaction, for the mail worker to send.
 * Its link and single-use token are made when it is sent, so none is stored. An email of the same
 * kind still waiting for the same person is not queued twice. Returns whether one is queued.
 */
export async function queueEmail(
  tx: Tx,
  kind: OutboundEmailKind,
  user: { id: string; email: string },
): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: outboundEmails.id })
    .from(outboundEmails)
    .where(
      and(
        eq(outboundEmails.userId, user.id),
        eq(outboundEmails.kind, kind),
        eq(outboundEmails.status, 'queued'),
      ),
    )
    .limit(1);
  if (waiting) return true;
  const queued = await tx
    .insert(outboundEmails)
    .values({ kind, userId: user.id, toEmail: user.email })
    .returning({ id: outboundEmails.id });
  return queued.length === 1;
}

/** The welcome email: verify your address, then set a password. */
export const queueWelcomeEmail = (tx: Tx, user: { id: string; email: string }) =>
  queueEmail(tx, 'welcome', user);

/** The forgot-password email: a link to set a new password. */
export const queuePasswordResetEmail = (tx: Tx, user: { id: string; email: string }) =>
  queueEmail(tx, 'password_reset', user);

/**
 * Tells every active admin that Tidings disabled these webhook endpoints for failing: one email
 * per admin and endpoint, in the transaction that disabled them.
 */
export async function queueWebhookDisabledEmails(
  tx: Tx,
  endpoints: readonly { id: string }[],
): Promise<void> {
  if (endpoints.length === 0) return;
  const ids = sql.join(
    endpoints.map((e) => sql`${e.id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${outboundEmails} (kind, user_id, to_email, webhook_endpoint_id)
    select 'webhook_disabled', ${users.id}, ${users.email}, ${webhookEndpoints.id}
    from ${users} join ${webhookEndpoints} on ${webhookEndpoints.id} in (${ids})
    where ${users.role} = 'admin' and ${users.status} = 'active'`);
}
