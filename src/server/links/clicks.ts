import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { linkClicks, shortLinks } from '../db/schema';
import { isPreviewAgent } from './preview-agents';

/** A click keeps this much of its User-Agent: every real one fits; a huge header does not grow the table. */
export const USER_AGENT_MAX = 512;

export interface LinkRequest {
  code: string;
  method: 'GET' | 'HEAD';
  userAgent: string | undefined;
  at: Date;
}

/**
 * Records a request for the short link `code` and returns where the link leads, or null for a
 * code Tidings never made. One statement (the lookup by primary key and the insert of the click),
 * so the redirect waits on a single round trip to the database. A GET from a person counts as a
 * click; a HEAD (a client checking the link, not opening it) and a preview, crawler or program
 * (links/preview-agents.ts) are kept but not counted.
 */
export async function recordClick(db: Db, request: LinkRequest): Promise<string | null> {
  const counted = request.method === 'GET' && !isPreviewAgent(request.userAgent);
  const userAgent = request.userAgent?.slice(0, USER_AGENT_MAX) ?? null;
  // A data-modifying WITH runs whether or not the outer query reads it.
  const result = await db.execute(sql`
    with link as (
      select ${shortLinks.code} as code, ${shortLinks.url} as url
      from ${shortLinks} where ${shortLinks.code} = ${request.code}
    ), click as (
      insert into ${linkClicks} (code, at, method, user_agent, counted)
      select code, ${request.at.toISOString()}::timestamptz, ${request.method}::text,
        ${userAgent}::text, ${counted}::boolean
      from link
    )
    select url from link`);
  const rows = (result as unknown as { rows: { url: string }[] }).rows;
  return rows[0]?.url ?? null;
}
