import {
  and,
  asc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RETRYABLE_MESSAGE_STATUSES } from '../../shared/delivery';
import { formatMessage } from '../../shared/format';
import type { ApiMessage, ApiMessageDetail } from '../../shared/responses/messages';
import type { MessageListQuery } from '../validation/message';
import { serverTexts } from '../texts';
import type { Db, Tx } from '../db/client';
import { defineList } from '../db/list-page';
import { outboundMessageEvents, outboundMessages, programs, users } from '../db/schema';
import { recordEvent } from '../delivery/status';
import { messageOpens, toMessageOpens, type MessageOpensRow } from '../links/message-opens';
import { conflict, notFound } from '../http/errors';
import { containsPattern, sortOf } from './list';

const t = serverTexts.delivery.api;

/** A person's full name as the contacts API writes it; null once they are gone. */
const fullName = (person: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string | null>`nullif(trim(${person.firstName} || ' ' || ${person.lastName}), '')`;

/** The contact's full name. */
export const contactName = fullName(users);

/**
 * The staff member who asked for a message (`created_by`: a staff reply, a test send, an opt-in
 * request), joined beside its contact, and their name; null for what Tidings sends by itself.
 */
const staff = alias(users, 'staff');
const sentByName = fullName(staff);

/**
 * What a message's API object is read from: its row, its program's name, its contact's name, who
 * sent it, and its tracked links' clicks (joined LATERAL: `withOpens`).
 */
const messageSelection = {
  message: outboundMessages,
  programName: programs.programName,
  contactName,
  sentByName,
  opens: {
    links: messageOpens.links,
    opened: messageOpens.opened,
    clicks: messageOpens.clicks,
    firstAt: messageOpens.firstAt,
  },
};

/** The true condition of a LATERAL join: the subquery is joined to each row it was made for. */
const joinedToEach = sql`true`;

type MessageRow = typeof outboundMessages.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One row of `fromMessages`. */
export interface MessageRead {
  message: MessageRow;
  programName: string | null;
  contactName: string | null;
  sentByName: string | null;
  /** Null only if the LATERAL join found no row, which an aggregate never does. */
  opens: MessageOpensRow | null;
}

export function toApiMessage({
  message: row,
  programName,
  contactName: name,
  sentByName: sentBy,
  opens,
}: MessageRead): ApiMessage {
  return {
    _id: row.id,
    id: row.id,
    kind: row.kind,
    status: row.status,
    toPhone: row.toPhone,
    body: row.body,
    mediaUrl: row.mediaUrl,
    programId: row.programId,
    programName,
    contactId: row.contactId,
    contactName: name,
    sentByName: sentBy,
    day: row.day,
    segments: row.segments,
    attempts: row.attempts,
    providerMessageId: row.providerMessageId,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    sendAfter: row.sendAfter.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
    linkOpens: opens ? toMessageOpens(opens) : null,
  };
}

/** outbound_messages with its program and contact, both optional (deleted, or none: a test). */
export const fromMessages = (db: Db | Tx) =>
  db
    .select(messageSelection)
    .from(outboundMessages)
    .leftJoin(programs, eq(programs.id, outboundMessages.programId))
    .leftJoin(users, eq(users.id, outboundMessages.contactId))
    .leftJoin(staff, eq(staff.id, outboundMessages.createdBy))
    .leftJoinLateral(messageOpens, joinedToEach);

const SORT_COLUMNS = {
  createdAt: outboundMessages.createdAt,
  sendAfter: outboundMessages.sendAfter,
  sentAt: outboundMessages.sentAt,
  deliveredAt: outboundMessages.deliveredAt,
  status: outboundMessages.status,
  kind: outboundMessages.kind,
  day: outboundMessages.day,
  toPhone: outboundMessages.toPhone,
  programName: sql`lower(${programs.programName})`,
  contactName: sql`lower(${contactName})`,
  attempts: outboundMessages.attempts,
  segments: outboundMessages.segments,
};

function whereOf(query: MessageListQuery): SQL | undefined {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  return and(
    pattern
      ? or(
          ilike(outboundMessages.toPhone, pattern),
          ilike(outboundMessages.body, pattern),
          ilike(contactName, pattern),
        )
      : undefined,
    query.programId ? eq(outboundMessages.programId, query.programId) : undefined,
    query.contactId ? eq(outboundMessages.contactId, query.contactId) : undefined,
    query.status?.length ? inArray(outboundMessages.status, query.status) : undefined,
    query.kind?.length ? inArray(outboundMessages.kind, query.kind) : undefined,
    query.day === undefined ? undefined : eq(outboundMessages.day, query.day),
    query.from ? gte(outboundMessages.createdAt, query.from) : undefined,
    query.to ? lte(outboundMessages.createdAt, query.to) : undefined,
    query.sentFrom ? gte(outboundMessages.sentAt, query.sentFrom) : undefined,
    query.sentBefore ? lt(outboundMessages.sentAt, query.sentBefore) : undefined,
    query.dueBefore ? lt(outboundMessages.sendAfter, query.dueBefore) : undefined,
    query.updatedFrom ? gte(outboundMessages.updatedAt, query.updatedFrom) : undefined,
    query.updatedBefore ? lt(outboundMessages.updatedAt, query.updatedBefore) : undefined,
  );
}

/** GET /api/messages: the outbox, newest first unless sorted otherwise, with its filters. */
export function messageList(db: Db, query: MessageListQuery) {
  return defineList({
    source: {
      // PostgreSQL leaves out a join that nothing reads (each joins one row by its key): the
      // program and the contact cost only when the sort or the search names them.
      from: (fields) =>
        db
          .select(fields)
          .from(outboundMessages)
          .leftJoin(programs, eq(programs.id, outboundMessages.programId))
          .leftJoin(users, eq(users.id, outboundMessages.contactId))
          .$dynamic(),
      where: whereOf(query),
      id: outboundMessages.id,
      order: sortOf(SORT_COLUMNS, query, outboundMessages.id),
    },
    rows: ({ page, total, order }) =>
      db
        .select({ ...messageSelection, total })
        .from(page)
        .innerJoin(outboundMessages, eq(outboundMessages.id, page.id))
        .leftJoin(programs, eq(programs.id, outboundMessages.programId))
        .leftJoin(users, eq(users.id, outboundMessages.contactId))
        .leftJoin(staff, eq(staff.id, outboundMessages.createdBy))
        .leftJoinLateral(messageOpens, joinedToEach)
        .orderBy(...order),
    toApi: (rows) => rows.map(toApiMessage),
  });
}

async function loadMessage(db: Db | Tx, id: string): Promise<ApiMessage> {
  const [row] = await fromMessages(db).where(eq(outboundMessages.id, id));
  if (!row) throw notFound(t.notFound);
  return toApiMessage(row);
}

/** GET /api/messages/{id}: the message and every change of its status, oldest first. */
export async function getMessage(db: Db, id: string): Promise<ApiMessageDetail> {
  const message = await loadMessage(db, id);
  const events = await db
    .select()
    .from(outboundMessageEvents)
    .where(eq(outboundMessageEvents.messageId, id))
    .orderBy(asc(outboundMessageEvents.at), asc(outboundMessageEvents.id));
  return {
    ...message,
    history: events.map((event) => ({
      status: event.status,
      source: event.source,
      errorCode: event.errorCode,
      errorMessage: event.errorMessage,
      at: event.at.toISOString(),
    })),
  };
}

/**
 * POST /api/messages/{id}/retry: a `failed` or `unknown` message goes back to the queue, due now,
 * its last error cleared; the history keeps the error and records who sent it back. Staff chose to
 * send it now, so the cutoff that expired it no longer applies (quiet hours still do), and its
 * attempts keep counting. Any other status is refused (409): it is waiting, on its way, or settled.
 */
export async function retryMessage(db: Db, id: string, now = new Date()): Promise<ApiMessage> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(outboundMessages)
      .set({
        status: 'queued',
        sendAfter: now,
        expiresAt: null,
        errorCode: null,
        errorMessage: null,
        claimedBy: null,
        claimedAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(outboundMessages.id, id),
          inArray(outboundMessages.status, RETRYABLE_MESSAGE_STATUSES),
        ),
      )
      .returning({ id: outboundMessages.id });
    if (!row) {
      const [current] = await tx
        .select({ status: outboundMessages.status })
        .from(outboundMessages)
        .where(eq(outboundMessages.id, id));
      if (!current) throw notFound(t.notFound);
      throw conflict(formatMessage(t.notRetryable, { status: current.status }));
    }
    await recordEvent(tx, id, 'queued', 'staff', now);
    return loadMessage(tx, id);
  });
}
