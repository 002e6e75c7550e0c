import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { ApiConversation, ApiConversationEntry } from '../../shared/responses/messages';
import type { ConversationQuery } from '../validation/consent';
import type { Db } from '../db/client';
import { inboundMessages, outboundMessages } from '../db/schema';
import { assertContactExists } from './consent-log';
import { fromInbound, toApiInboundMessage } from './inbound-messages';
import { fromMessages, toApiMessage } from './messages';

/** An entry and its time in milliseconds, the precision of `at` and so of `before`. */
interface Timed {
  time: number;
  entry: ApiConversationEntry;
}

/**
 * When a message Tidings sent stands in the thread: when it was handed to the provider, or, while
 * it has not been, when it is due. Never when it was queued: the planner queues a day's messages
 * minutes before they go, and a retried message goes long after.
 */
const outboundAt = sql`coalesce(${outboundMessages.sentAt}, ${outboundMessages.sendAfter})`;

const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Entries with the time range they fall in: `[notBefore, before)`, either end open. */
interface Range {
  before?: Date;
  notBefore?: Date;
  /** Rows read from each table; none: all of them. */
  limit?: number;
}

/**
 * Newest first. Of two entries of the same millisecond the message Tidings sent comes first: a
 * reply to a JOIN is never older than the JOIN. Then by id, so the order holds from call to call.
 */
function newestFirst(a: Timed, b: Timed): number {
  if (a.time !== b.time) return b.time - a.time;
  if (a.entry.direction !== b.entry.direction) return a.entry.direction === 'out' ? -1 : 1;
  return a.entry.id < b.entry.id ? 1 : a.entry.id > b.entry.id ? -1 : 0;
}

/**
 * The contact's messages both ways in `range`, newest first: each table read through its
 * (contact, time) index, newest first, `limit` rows at most, and the two merged here.
 */
async function entriesIn(db: Db, contactId: string, range: Range): Promise<Timed[]> {
  const outbound = await fromMessages(db)
    .where(
      and(
        eq(outboundMessages.contactId, contactId),
        range.before ? sql`${outboundAt} < ${instant(range.before)}` : undefined,
        range.notBefore ? sql`${outboundAt} >= ${instant(range.notBefore)}` : undefined,
      ),
    )
    .orderBy(desc(outboundAt), desc(outboundMessages.id))
    .limit(range.limit as number);
  const inbound = await fromInbound(db)
    .where(
      and(
        eq(inboundMessages.contactId, contactId),
        range.before ? lt(inboundMessages.receivedAt, range.before) : undefined,
        range.notBefore ? gte(inboundMessages.receivedAt, range.notBefore) : undefined,
      ),
    )
    .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
    .limit(range.limit as number);
  return [
    ...outbound.map((read) => {
      const at = read.message.sentAt ?? read.message.sendAfter;
      return {
        time: at.getTime(),
        entry: { direction: 'out' as const, at: at.toISOString(), ...toApiMessage(read) },
      };
    }),
    ...inbound.map((read) => ({
      time: read.message.receivedAt.getTime(),
      entry: {
        direction: 'in' as const,
        at: read.message.receivedAt.toISOString(),
        ...toApiInboundMessage(read),
      },
    })),
  ].sort(newestFirst);
}

/**
 * GET /api/contacts/{id}/conversation: what Tidings sent the contact (outbound_messages, by when it
 * was sent, or is due while it has not gone: `outboundAt`) and what their phone sent
 * (inbound_messages, by when it arrived), newest first, `limit` entries older than `before`.
 *
 * The next page starts before the last entry's `at`, a millisecond time, so a page never ends
 * inside a millisecond that has more entries than it holds: those would be skipped. It ends before
 * that millisecond instead (a shorter page; hasMore says there is more), and should every entry
 * read share one millisecond (a planner tick queues a contact's days of several programs at one
 * time), the page is that whole millisecond, longer than `limit` rather than missing any.
 */
export async function contactConversation(
  db: Db,
  contactId: string,
  query: ConversationQuery,
): Promise<ApiConversation> {
  await assertContactExists(db, contactId);
  // One more than asked for from each table: the merged first limit+1 are then the true ones.
  const read = await entriesIn(db, contactId, { before: query.before, limit: query.limit + 1 });
  if (read.length <= query.limit) return { entries: read.map((e) => e.entry), hasMore: false };
  const cut = read[query.limit]!.time;
  const page = read.slice(0, query.limit).filter((e) => e.time > cut);
  if (page.length > 0) return { entries: page.map((e) => e.entry), hasMore: true };
  const millisecond = await entriesIn(db, contactId, {
    notBefore: new Date(cut),
    before: new Date(cut + 1),
  });
  const older = await entriesIn(db, contactId, { before: new Date(cut), limit: 1 });
  return { entries: millisecond.map((e) => e.entry), hasMore: older.length > 0 };
}
