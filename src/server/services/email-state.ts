import { and, desc, eq } from 'drizzle-orm';
import type { ApiEmailState } from '../../shared/responses/users';
import type { Db } from '../db/client';
import { outboundEmails } from '../db/schema';

/** The state of a contact's last welcome email, or null when none was ever queued. */
export async function lastWelcomeEmail(db: Db, userId: string): Promise<ApiEmailState | null> {
  const [row] = await db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.userId, userId), eq(outboundEmails.kind, 'welcome')))
    .orderBy(desc(outboundEmails.createdAt), desc(outboundEmails.id))
    .limit(1);
  if (!row) return null;
  return {
    status: row.status,
    error: row.lastError,
    attempts: row.attempts,
    queuedAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
