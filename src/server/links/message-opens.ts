import { and, eq, sql } from 'drizzle-orm';
import type { MessageOpens } from '../../shared/responses/clicks';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { linkClicks, outboundMessages, shortLinks } from '../db/schema';

/**
 * A message's tracked links and their counted clicks, as a subquery to join LATERAL beside each
 * outbound message read: its short links by the message index, their counted clicks by the
 * partial index on `code` where `counted`. One row per message (an aggregate without GROUP BY),
 * with zeros for a message without links. Built apart from any connection: it is only ever
 * part of another query.
 */
export const messageOpens = new QueryBuilder()
  .select({
    links: sql<number>`count(distinct ${shortLinks.code})::int`.as('links'),
    opened: sql<number>`count(distinct ${linkClicks.code})::int`.as('links_opened'),
    clicks: sql<number>`count(${linkClicks.code})::int`.as('clicks'),
    firstAt: sql<Date | null>`min(${linkClicks.at})`.mapWith(linkClicks.at).as('first_at'),
  })
  .from(shortLinks)
  .leftJoin(linkClicks, and(eq(linkClicks.code, shortLinks.code), sql`${linkClicks.counted}`))
  .where(eq(shortLinks.messageId, outboundMessages.id))
  .as('opens');

export type MessageOpensRow = {
  links: number;
  opened: number;
  clicks: number;
  firstAt: Date | null;
};

/** As the API answers it: null for a message that carried no tracked link. */
export const toMessageOpens = (row: MessageOpensRow): MessageOpens | null =>
  row.links === 0
    ? null
    : {
        links: row.links,
        opened: row.opened,
        clicks: row.clicks,
        firstAt: row.firstAt?.toISOString() ?? null,
      };
