import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ConsentEvent, ConsentSource } from '../../shared/consent';
import type { Db, Tx } from '../db/client';
import { consentEvents } from '../db/schema';

/** One row of the consent log, as the code that records a change describes it. */
export interface ConsentRecord {
  contactId: string | null;
  phone: string;
  event: ConsentEvent;
  source: ConsentSource;
  staffUserId?: string | null;
  keyword?: string | null;
  text?: string | null;
  inboundMessageId?: string | null;
  outboundMessageId?: string | null;
  at: Date;
}

/**
 * Appends consent changes to the log. Call it in the transaction that makes the change, so the log
 * and the contact's state never disagree. The table refuses UPDATE and DELETE (migration 0007).
 */
export async function recordConsent(tx: Db | Tx, records: ConsentRecord[]): Promise<void> {
  if (records.length === 0) return;
  await tx.insert(consentEvents).values(records);
}

/**
 * Whether the phone's last word on consent was to opt out (a STOP, or the provider's 21610), for a
 * contact or a number Tidings does not know. Only the phone's own opt-in undoes it; staff marking
 * a contact verified does not. Test sends and the dispatcher's last check refuse such a phone.
 */
export async function phoneOptedOut(db: Db | Tx, phone: string): Promise<boolean> {
  const [last] = await db
    .select({ event: consentEvents.event })
    .from(consentEvents)
    .where(
      and(
        eq(consentEvents.phone, phone),
        inArray(consentEvents.event, ['opted_in', 'opted_out'] satisfies ConsentEvent[]),
      ),
    )
    .orderBy(desc(consentEvents.at), desc(consentEvents.id))
    .limit(1);
  return last?.event === 'opted_out';
}
