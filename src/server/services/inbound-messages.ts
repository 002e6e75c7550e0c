import { and, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApiInboundMessage } from '../../shared/types';
import type { InboundListQuery } from '../../shared/validation/consent';
import type { Db, Tx } from '../db/client';
import { defineList } from '../db/list-page';
import { inboundMessages, users } from '../db/schema';
import { phoneSearch } from './contact-search';
import { containsPattern, sortOf } from './list';
import { contactName } from './messages';

type InboundRow = typeof inboundMessages.$inferSelect;

/** The staff user who typed a simulated reply (a second join of users, beside the contact). */
const simulator = alias(users, 'simulator');

/** Their full name, as the contacts API writes it. */
const simulatedByName = sql<
  string | null
>`nullif(trim(${simulator.firstName} || ' ' || ${simulator.lastName}), '')`;

/** A reply as read with its names: the contact's, and the simulating staff member's. */
interface InboundRead {
  message: InboundRow;
  contactName: string | null;
  simulatedByName: string | null;
}

export function toApiInboundMessage({
  message: row,
  contactName: name,
  simulatedByName: simulatedName,
}: InboundRead): ApiInboundMessage {
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
    simulatedBy: row.simulatedBy,
    simulatedByName: row.simulatedBy ? simulatedName : null,
  };
}

/**
 * inbound_messages with the name of the contact whose phone sent it (none: an unknown number), and
 * of the staff member who simulated it.
 */
export const fromInbound = (db: Db | Tx) =>
  db
    .select({ message: inboundMessages, contactName, simulatedByName })
    .from(inboundMessages)
    .leftJoin(users, eq(users.id, inboundMessages.contactId))
    .leftJoin(simulator, eq(simulator.id, inboundMessages.simulatedBy));

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
export function inboundMessageList(db: Db, query: InboundListQuery) {
  const [sorted] = sortOf(
    SORT_COLUMNS,
    { ...query, sort: query.sort ?? 'receivedAt' },
    inboundMessages.id,
  );
  return defineList({
    source: {
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
    rows: ({ page, total, order }) =>
      db
        .select({ message: inboundMessages, contactName, simulatedByName, total })
        .from(page)
        .innerJoin(inboundMessages, eq(inboundMessages.id, page.id))
        .leftJoin(users, eq(users.id, inboundMessages.contactId))
        .leftJoin(simulator, eq(simulator.id, inboundMessages.simulatedBy))
        .orderBy(...order),
    toApi: (rows) => rows.map(toApiInboundMessage),
  });
}
