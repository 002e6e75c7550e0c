import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';
import { rowsOf } from '../../../src/server/db/rows';
import { withoutJit } from '../../../src/server/db/transaction';
import type { ClickRow } from '../../../src/server/services/analytics-clicks';
import { bounds } from '../../../src/server/services/analytics-range';
import { dateOfDay, dayNumber } from './analytics-over-messages';
import type { AnalyticsQuery } from '../../../src/shared/analytics';
import { withClickRate, type ClickCounts } from '../../../src/shared/clicks';

/**
 * The click figures of Analytics and Deliveries counted over the messages, links and clicks
 * themselves, as Tidings counted them before the outbox's counts counted clicks (migration 0027):
 * what the counts must equal, and what an upgraded database must still show.
 */

/**
 * How many of a program day's messages reached the phone: its delivered ones, or every one the
 * provider took when it reported none delivered, and those opened that the reports do not count.
 */
const reachedCountSql = (day: SQL, opened: SQL) => sql`(${day}.delivered
  + (case when ${day}.any_delivered then 0 else ${day}.sent end)
  + coalesce(${opened}.unreported, 0))::int`;

/** Whether the provider's reports alone say a message reached the phone (shared/clicks.ts). */
const reachedByStatusSql = (anyDelivered: SQL) => sql`(
  status = 'delivered' or (status = 'sent' and not ${anyDelivered}))`;

export function clicksOverMessagesSql(query: AnalyticsQuery) {
  const inRange = bounds(query);
  // Said of each table read, so that one program's links are found by its index.
  const of = (alias: string) =>
    query.programId ? sql`and ${sql.raw(alias)}.program_id = ${query.programId}` : sql``;
  return sql`
    with day_counts as (
      select program_id, day, ${dayNumber(query, sql`sent_at`)} as n, count(*)::int as messages,
        count(*) filter (where status = 'delivered')::int as delivered,
        count(*) filter (where status = 'sent')::int as sent
      from outbound_messages
      where sent_at is not null and ${inRange(sql`sent_at`)} ${of('outbound_messages')}
        and kind = 'program' and program_id is not null and day is not null
      group by program_id, day, n
    ),
    tracked as (
      select program_id, day, bool_or(delivered > 0) as any_delivered
      from (
        select dc.*, exists (
          select 1 from short_links sl where sl.program_id = dc.program_id and sl.day = dc.day
        ) as has_links
        from day_counts dc
      ) as dc
      where has_links
      group by program_id, day
    ),
    opened_links as (
      select sl.program_id, sl.day, sl.link_index, sl.url, m.id, m.status,
        ${dayNumber(query, sql`m.sent_at`)} as n
      from short_links sl join outbound_messages m on m.id = sl.message_id
      where (sl.program_id, sl.day) in (select program_id, day from tracked)
        and sl.code in (select code from link_clicks where counted)
        and m.sent_at is not null and ${inRange(sql`m.sent_at`)} ${of('m')} ${of('sl')}
    ),
    opened_counts as (
      select o.program_id, o.day, o.n, count(*)::int as clicked,
        count(*) filter (where not ${reachedByStatusSql(sql`t.any_delivered`)})::int as unreported
      from (
        select distinct id, program_id, day, n, status from opened_links
      ) as o join tracked t using (program_id, day)
      group by o.program_id, o.day, o.n
    ),
    days as (
      select d.program_id, d.day, d.n, d.messages, ${reachedCountSql(sql`d`, sql`oc`)} as reached,
        coalesce(oc.clicked, 0) as clicked
      from (
        select dc.*, t.any_delivered from day_counts dc join tracked t using (program_id, day)
      ) as d
      left join opened_counts oc using (program_id, day, n)
    ),
    program_days as (
      select program_id, day, sum(messages)::int as messages, sum(reached)::int as reached
      from days group by program_id, day
    ),
    link_counts as (
      select program_id, day, link_index, url, count(*)::int as clicked
      from opened_links group by program_id, day, link_index, url
    ),
    links as (
      select distinct sl.program_id, sl.day, sl.link_index, sl.url from short_links sl
      where (sl.program_id, sl.day) in (select program_id, day from tracked) ${of('sl')}
    )
    select * from (
      select 'day' as level, ${dateOfDay(query, sql`d.n`)} as date, p.id as "programId",
        p.program_name as "programName", d.day, null::int as "linkIndex", null::text as url,
        d.messages, d.reached, d.clicked
      from days d join programs p on p.id = d.program_id
      union all
      select 'link', null, p.id, p.program_name, l.day, l.link_index, l.url,
        pd.messages, pd.reached, coalesce(lc.clicked, 0)
      from links l join program_days pd using (program_id, day)
      join programs p on p.id = l.program_id
      left join link_counts lc using (program_id, day, link_index, url)
    ) as counted
    order by lower("programName"), "programName", "programId", day, level, "linkIndex", url, date`;
}

/** Analytics' click rows (analytics-clicks.ts `ClickRow`), over the messages. */
export const clickRowsOverMessages = (db: Db, query: AnalyticsQuery) =>
  withoutJit(db, (tx) => rowsOf<ClickRow>(tx, clicksOverMessagesSql(query)));

/** A program's Deliveries' click figures by day (deliveries-clicks.ts), over the messages. */
export async function deliveryClicksOverMessages(db: Db, programId: string) {
  const rows = await rowsOf<ClickCounts & { day: number }>(
    db,
    sql`
      with day_counts as (
        select day, count(*)::int as messages,
          count(*) filter (where status = 'delivered')::int as delivered,
          count(*) filter (where status = 'sent')::int as sent
        from outbound_messages
        where program_id = ${programId} and kind = 'program' and day is not null
        group by day
      ),
      tracked as (
        select day, messages, delivered, sent, delivered > 0 as any_delivered
        from day_counts dc
        where exists (
          select 1 from short_links sl where sl.program_id = ${programId} and sl.day = dc.day)
      ),
      opened as (
        select distinct m.id, m.day, m.status
        from short_links sl join outbound_messages m on m.id = sl.message_id
        where sl.program_id = ${programId} and m.program_id = ${programId}
          and m.sent_at is not null and sl.code in (select code from link_clicks where counted)
      ),
      opened_counts as (
        select o.day, count(*)::int as clicked,
          count(*) filter (where not ${reachedByStatusSql(sql`t.any_delivered`)})::int as unreported
        from opened o join tracked t using (day)
        group by o.day
      )
      select t.day, t.messages,
        ${reachedCountSql(sql`t`, sql`oc`)} as reached,
        coalesce(oc.clicked, 0) as clicked
      from tracked t left join opened_counts oc using (day)`,
  );
  return new Map(rows.map(({ day, ...counts }) => [day, withClickRate(counts)]));
}
