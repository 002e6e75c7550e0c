import { and, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { ApiInboundMessage } from '../../shared/responses/messages';
import type { InboundListQuery } from '../validation/consent';
import type { Db, Tx } from '../db/client';
import { defineList } from '../db/list-page';
import { inboundMessages, users } from '../db/schema';
import { reviewPending } from '../consent/review-holds';
import { phoneSearch } from './contact-search';
import { containsPattern, sortOf } from './list';
import { contactName } from './messages';

type InboundRow = typeof inboundMessages.$inferSelect;

/**
 * The staff members a reply names, each a join of users beside the contact: who typed a simulated
 * reply, whom it is assigned to, who marked it handled, who decided it.
 */
const simulator = alias(users, 'simulator');
const assignee = alias(users, 'assignee');
const handler = alias(users, 'handler');
const reviewer = alias(users, 'reviewer');

/** A staff member's full name, as the contacts API writes it. */
const fullName = (person: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${person.firstName} || ' ' || ${person.lastName}), '')`;

const names = {
  contactName,
  simulatedByName: fullName(simulator),
  assigneeName: fullName(assignee),
  handledByName: fullName(handler),
  reviewedByName: fullName(reviewer),
};

/** A reply as read with its names: the contact's, and the staff members'. */
interface InboundRead {
  message: InboundRow;
  contactName: string | null;
  simulatedByName: string | null;
  assigneeName: string | null;
  handledByName: string | null;
  reviewedByName: string | null;
}

/** Adds the joins `names` reads to a select from inbound_messages. */
function withNames<Q extends PgSelect>(query: Q) {
  return query
    .leftJoin(users, eq(users.id, inboundMessages.contactId))
    .leftJoin(simulator, eq(simulator.id, inboundMessages.simulatedBy))
    .leftJoin(assignee, eq(assignee.id, inboundMessages.assigneeId))
    .leftJoin(handler, eq(handler.id, inboundMessages.handledBy))
    .leftJoin(reviewer, eq(reviewer.id, inboundMessages.reviewedBy));
}

export function toApiInboundMessage({
  message: row,
  contactName: name,
  simulatedByName: simulatedName,
  assigneeName,
  handledByName,
  reviewedByName,
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
    state: row.state,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeId ? assigneeName : null,
    handledAt: row.handledAt?.toISOString() ?? null,
    handledByName: row.handledBy ? handledByName : null,
    reviewDecision: row.reviewDecision,
    reviewedByName: row.reviewedBy ? reviewedByName : null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * inbound_messages with the name of the contact whose phone sent it (none: an unknown number), and
 * of the staff member who simulated it.
 */
export const fromInbound = (db: Db | Tx) =>
  withNames(
    db
      .select({ message: inboundMessages, ...names })
      .from(inboundMessages)
      .$dynamic(),
  );

const SORT_COLUMNS = {
  receivedAt: inboundMessages.receivedAt,
  fromPhone: inboundMessages.fromPhone,
  contactName: sql`lower(${contactName})`,
};

/** The `assigneeId` filter: a staff member, the signed-in one (`me`), or nobody (`none`). */
function assigneeWhere(assigneeId: InboundListQuery['assigneeId'], userId: string) {
  if (assigneeId === undefined) return undefined;
  if (assigneeId === 'none') return isNull(inboundMessages.assigneeId);
  return eq(inboundMessages.assigneeId, assigneeId === 'me' ? userId : assigneeId);
}

function whereOf(query: InboundListQuery, userId: string): SQL | undefined {
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
    query.state ? eq(inboundMessages.state, query.state) : undefined,
    assigneeWhere(query.assigneeId, userId),
    query.review === 'pending' ? reviewPending : undefined,
  );
}

/**
 * GET /api/inbound-messages: every reply Tidings received, from contacts and from numbers it does
 * not know, newest first unless sorted otherwise; the envelope of GET /api/messages.
 */
export function inboundMessageList(db: Db, query: InboundListQuery, userId: string) {
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
      where: whereOf(query, userId),
      id: inboundMessages.id,
      // Replies of one phone or one contact: the newest first, whichever way the list is sorted.
      order: [
        sorted!,
        { key: inboundMessages.receivedAt, direction: 'desc' },
        { key: inboundMessages.id, direction: 'desc' },
      ],
    },
    rows: ({ page, total, order }) =>
      withNames(
        db
          .select({ message: inboundMessages, ...names, total })
          .from(page)
          .innerJoin(inboundMessages, eq(inboundMessages.id, page.id))
          .$dynamic(),
      ).orderBy(...order),
    toApi: (rows) => rows.map(toApiInboundMessage),
  });
}
