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

/** The most requests one statement records: a burst larger than this takes several. */
const BATCH_MAX = 500;

/**
 * Records requests for short links and answers where each leads, or null for a code Tidings never
 * made. Requests that arrive while a statement is running wait and go together in the next one
 * (group commit): on the embedded database every statement takes its turn on one connection, so a
 * burst of opens costs one lookup-and-insert statement, not one each. Each request is answered
 * only once its click is committed, so no click is lost to a crash after its redirect. A GET from
 * a person counts as a click; a HEAD (a client checking the link, not opening it) and a preview,
 * crawler or program (links/preview-agents.ts) are kept but not counted.
 */
export function createClickRecorder(db: Db) {
  interface Waiting {
    request: LinkRequest;
    answer: (url: string | null) => void;
    fail: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let running = false;

  async function drain() {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, BATCH_MAX);
      waiting = waiting.slice(batch.length);
      try {
        const urls = await recordClicks(
          db,
          batch.map((one) => one.request),
        );
        batch.forEach((one, i) => one.answer(urls[i] ?? null));
      } catch (error) {
        for (const one of batch) one.fail(error);
      }
    }
    running = false;
  }

  return (request: LinkRequest) =>
    new Promise<string | null>((answer, fail) => {
      waiting.push({ request, answer, fail });
      if (!running) void drain();
    });
}

/**
 * One statement: each request's link looked up by its code (the primary key) and a click row
 * inserted for each known one. Answers the URLs in the requests' order.
 */
async function recordClicks(db: Db, requests: LinkRequest[]): Promise<(string | null)[]> {
  const rows = requests.map((request, n) => ({
    n,
    code: request.code,
    at: request.at.toISOString(),
    method: request.method,
    user_agent: request.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    counted: request.method === 'GET' && !isPreviewAgent(request.userAgent),
  }));
  // A data-modifying WITH runs whether or not the outer query reads it.
  const result = await db.execute(sql`
    with asked as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as asked (n integer, code text, at timestamptz, method text, user_agent text,
          counted boolean)
    ), link as (
      select asked.*, ${shortLinks.url} as url
      from asked join ${shortLinks} on ${shortLinks.code} = asked.code
    ), click as (
      insert into ${linkClicks} (code, at, method, user_agent, counted)
      select code, at, method, user_agent, counted from link
    )
    select n, url from link`);
  const found = (result as unknown as { rows: { n: number; url: string }[] }).rows;
  const urls: (string | null)[] = requests.map(() => null);
  for (const { n, url } of found) urls[n] = url;
  return urls;
}
