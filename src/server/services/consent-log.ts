import { desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { ApiConsentLog } from '../../shared/responses/messages';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { consentEvents, users } from '../db/schema';
import { notFound } from '../http/errors';

/** A user's full name as the contacts API writes it, null when they have none (of `users` or an alias). */
export const fullNameOf = (user: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string | null>`nullif(trim(${user.firstName} || ' ' || ${user.lastName}), '')`;

/** The staff user's full name; null for the other sources. */
const staffName = fullNameOf(users);

/** Answers 404 unless the contact exists: an empty log and an unknown contact are not alike. */
export async function assertContactExists(db: Db, id: string): Promise<void> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!found) throw notFound(serverTexts.contacts.notFound);
}

/**
 * GET /api/contacts/{id}/consent: every consent change recorded for the contact, newest first
 * (equal times, as rows of one save never are, by id so the order holds from call to call).
 */
export async function consentLog(db: Db, contactId: string): Promise<ApiConsentLog> {
  await assertContactExists(db, contactId);
  const rows = await db
    .select({ event: consentEvents, staffName })
    .from(consentEvents)
    .leftJoin(users, eq(users.id, consentEvents.staffUserId))
    .where(eq(consentEvents.contactId, contactId))
    .orderBy(desc(consentEvents.at), desc(consentEvents.id));
  return {
    events: rows.map(({ event, staffName: name }) => ({
      id: event.id,
      contactId: event.contactId,
      phone: event.phone,
      event: event.event,
      source: event.source,
      staffUserId: event.staffUserId,
      staffName: event.staffUserId ? name : null,
      keyword: event.keyword,
      text: event.text,
      at: event.at.toISOString(),
    })),
  };
}
