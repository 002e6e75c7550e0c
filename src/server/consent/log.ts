import { and, eq, inArray, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ConsentEvent, ConsentSource } from '../../shared/consent';
import type { Db, Tx } from '../db/client';
import { consentEvents, phoneConsents, users } from '../db/schema';

export type PhoneConsentWord = (typeof phoneConsents.$inferSelect)['word'];

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
 * and the contact's state never disagree. The table refuses UPDATE and DELETE (migration 0007); its
 * trigger brings each phone's last word (phone_consents) up to date in the same statement.
 */
export async function recordConsent(tx: Db | Tx, records: ConsentRecord[]): Promise<void> {
  if (records.length === 0) return;
  await tx.insert(consentEvents).values(records);
}

/** The phone's last word on consent and when it said it, or null when it has said none. */
export async function phoneConsent(
  db: Db | Tx,
  phone: string,
): Promise<{ word: PhoneConsentWord; at: Date } | null> {
  const [row] = await db
    .select({ word: phoneConsents.word, at: phoneConsents.at })
    .from(phoneConsents)
    .where(eq(phoneConsents.phone, phone));
  return row ?? null;
}

/** The phone's last word on consent (opted_in or opted_out), or null when it has none. */
export async function phoneConsentWord(
  db: Db | Tx,
  phone: string,
): Promise<PhoneConsentWord | null> {
  return (await phoneConsent(db, phone))?.word ?? null;
}

/**
 * Whether the phone's last word on consent was to opt out (a STOP, or the provider's 21610), for a
 * contact or a number Tidings does not know. Only the phone's own opt-in undoes it; staff marking
 * a contact verified does not.
 */
export async function phoneOptedOut(db: Db | Tx, phone: string): Promise<boolean> {
  return (await phoneConsentWord(db, phone)) === 'opted_out';
}

/**
 * The phone carried by `phone` (a column or value) has opted out: for the WHERE of a query over
 * contacts or messages, so consent is the phone's whichever contact carries it.
 */
export const phoneHasOptedOut = (phone: SQL | AnyColumn): SQL =>
  sql`exists (select 1 from ${phoneConsents} where ${phoneConsents.phone} = ${phone} and ${phoneConsents.word} = 'opted_out')`;

/**
 * Of `phones` and `contactIds`, those that opted out: the phones whose last word on consent was to
 * opt out (as phoneOptedOut) and the contacts marked opted out (smsOptedOutAt, also set before the
 * log existed). One query, however many: the dispatcher asks it once per batch.
 */
export async function optedOutAmong(
  db: Db | Tx,
  phones: string[],
  contactIds: string[],
): Promise<{ phones: Set<string>; contacts: Set<string> }> {
  const out = { phones: new Set<string>(), contacts: new Set<string>() };
  if (phones.length === 0 && contactIds.length === 0) return out;
  const rows = await db
    .select({ kind: sql<'phone' | 'contact'>`'phone'`.as('kind'), key: phoneConsents.phone })
    .from(phoneConsents)
    .where(and(inArray(phoneConsents.phone, phones), eq(phoneConsents.word, 'opted_out')))
    .unionAll(
      db
        .select({
          kind: sql<'phone' | 'contact'>`'contact'`.as('kind'),
          key: sql<string>`${users.id}::text`.as('key'),
        })
        .from(users)
        .where(and(inArray(users.id, contactIds), isNotNull(users.smsOptedOutAt))),
    );
  for (const row of rows) (row.kind === 'phone' ? out.phones : out.contacts).add(row.key);
  return out;
}
