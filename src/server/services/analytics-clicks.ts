import { sql } from 'drizzle-orm';
import type { AnalyticsQuery } from '../../shared/analytics';
import { addClickCounts, NO_CLICKS, withClickRate, type ClickCounts } from '../../shared/clicks';
import type { AnalyticsClicks, AnalyticsProgramDay } from '../../shared/responses/figures';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { withoutJit } from '../db/transaction';
import { reachedByStatusSql, reachedCountSql } from '../links/click-rate';
import { bounds, dateOfDay, dayNumber } from './analytics-range';

/** A row of `clicksSql`: a program's day on a date of the range, or one of its links. */
export type ClickRow = ClickCounts & {
  level: 'day' | 'link';
  /** The Los Angeles date its messages were handed over on; null for a link. */
  date: string | null;
  programId: string;
  programName: string;
  day: number;
  linkIndex: number | null;
  url: string | null;
};

/**
 * The clicks of Analytics (rules: shared/clicks.ts) in one statement, each part reading as little
 * as it can: the program messages handed over in the range (as `sent` counts them) are only
 * counted, by program day, date and status; whether a program day had tracked links is asked of
 * the (program, day) index of short_links, once a day; of those days' links, only the ones someone
 * opened (a semi-join with the counted clicks, which the partial index of link_clicks holds) are
 * joined to their messages, each message then counted once; and each day's links are listed by
 * position. A day's reached are its delivered (or handed-over) messages and those opened besides.
 * Every message falls in one day row, so the totals, dates and programs are sums of the day rows.
 */
export function clicksSql(query: AnalyticsQuery) {
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

/**
 * The rows of `clicksSql`, without JIT compilation: PostgreSQL cannot know how few program days a
 * range's messages fall on, so its estimates for this query run far above what it reads.
 */
export const clickRows = (db: Db, query: AnalyticsQuery) =>
  withoutJit(db, (tx) => rowsOf<ClickRow>(tx, clicksSql(query)));

const counts = (row: ClickCounts): ClickCounts => ({
  messages: row.messages,
  reached: row.reached,
  clicked: row.clicked,
});

/** Adds `row` to the counts kept under `key`, in the order keys first come. */
function addTo<K>(groups: Map<K, ClickCounts>, key: K, row: ClickCounts) {
  groups.set(key, addClickCounts(groups.get(key) ?? NO_CLICKS, counts(row)));
}

/** The answer's `clicks` from the rows of `clicksSql`, in their order (program name, day). */
export function analyticsClicks(rows: readonly ClickRow[]): AnalyticsClicks {
  let totals = NO_CLICKS;
  const dates = new Map<string, ClickCounts>();
  const programs = new Map<string, ClickCounts>();
  const programDays = new Map<string, AnalyticsProgramDay>();
  for (const row of rows) {
    const key = `${row.programId} ${row.day}`;
    if (row.level === 'link') {
      programDays.get(key)?.links.push({
        ...withClickRate(row),
        linkIndex: row.linkIndex!,
        url: row.url!,
      });
      continue;
    }
    totals = addClickCounts(totals, counts(row));
    addTo(dates, row.date!, row);
    addTo(programs, row.programId, row);
    const found = programDays.get(key);
    const sum = addClickCounts(found ?? NO_CLICKS, counts(row));
    programDays.set(key, {
      ...withClickRate(sum),
      programId: row.programId,
      programName: row.programName,
      day: row.day,
      links: found?.links ?? [],
    });
  }
  return {
    totals: withClickRate(totals),
    days: [...dates]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, sum]) => ({ date, ...withClickRate(sum) })),
    programs: [...programs].map(([programId, sum]) => ({ programId, ...withClickRate(sum) })),
    programDays: [...programDays.values()],
  };
}
