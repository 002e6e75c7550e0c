import { and, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ApiInboundMessage } from '../../shared/types';
import type { InboundListQuery } from '../../shared/validation/consent';
import type { Db, Tx } from '../db/client';
import { listPage } from '../db/list-page';
import { inboundMessages, users } from '../db/schema';
import { phoneSearch } from './contact-search';
import { containsPattern, pageOf, sortOf } from './list';
import { contactName } from './messages';

type InboundRow = typeof inboundMessages.$inferSelect;

export function toApiInboundMessage(row: InboundRow, name: string | null): ApiInboundMessage {
  return {
    _id: row.id,
    id: row.id,
    providerMessageId: row.providerMessageId,
    fromPhone: row.fromPhone,
    toPhone: row.toPhone,
    body: row.body,
    mediaUrls: row.mediaUrls,
    contactId: row.contactId,
    contactName: name,
    intent: row.intent,
    receivedAt: row.receivedAt.toISOString(),
  };
}

/** inbound_messages with the name of the contact whose phone sent it (none: an unknown number). */
export const fromInbound = (db: Db | Tx) =>
  db
    .select({ message: inboundMessages, contactName })
    .from(inboundMessages)
    .leftJoin(users, eq(users.id, inboundMessages.contactId));

const SORT_COLUMNS = {
  receivedAt: inboundMessages.receivedAt,
  fromPhone: inboundMessages.fromPhone,
  contactName: sql`lower(${contactName})`,
};

function whereOf(query: InboundListQuery): SQL | undefined {
  const intents = query.intent?.filter((intent) => intent !== 'none') ?? [];
  const none = query.intent?.includes('none') ?? false;
  return and(
    query.q
      ? or(
          ilike(inboundMessages.body, containsPattern(query.q)),
          phoneSearch(inboundMessages.fromPhone, query.q),
        )
      : undefined,
    query.contactId ? eq(inboundMessages.contactId, query.contactId) : undefined,
    query.intent?.length
      ? or(
          intents.length ? inArray(inboundMessages.intent, intents) : undefined,
          none ? isNull(inboundMessages.intent) : undefined,
        )
      : undefined,
    query.matched === undefined
      ? undefined
      : query.matched
        ? isNotNull(inboundMessages.contactId)
        : isNull(inboundMessages.contactId),
  );
}

/**
 * GET /api/inbound-messages: every reply Tidings received, from contacts and from numbers it does
 * not know, newest first unless sorted otherwise; the envelope of GET /api/messages.
 */
export async function listInboundMessages(db: Db, query: InboundListQuery) {
  const [sorted] = sortOf(
    SORT_COLUMNS,
    { ...query, sort: query.sort ?? 'receivedAt' },
    inboundMessages.id,
  );
  const { rows, total } = await listPage(
    {
      // Only the sort by name reads the contact; PostgreSQL leaves the join out otherwise.
      from: (fields) =>
        db
          .select(fields)
          .from(inboundMessages)
          .leftJoin(users, eq(users.id, inboundMessages.contactId))
          .$dynamic(),
      where: whereOf(query),
      id: inboundMessages.id,
      // Replies of one phone or one contact: the newest first, whichever way the list is sorted.
      order: [
        sorted!,
        { key: inboundMessages.receivedAt, direction: 'desc' },
        { key: inboundMessages.id, direction: 'desc' },
      ],
    },
    pageOf(query),
    ({ page, total, order }) =>
      db
        .select({ message: inboundMessages, contactName, total })
        .from(page)
        .innerJoin(inboundMessages, eq(inboundMessages.id, page.id))
        .leftJoin(users, eq(users.id, inboundMessages.contactId))
        .orderBy(...order),
  );
  return {
    messages: rows.map((row) => toApiInboundMessage(row.message, row.contactName)),
    total,
  };
}
