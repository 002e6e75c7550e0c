import { sql } from 'drizzle-orm';
import type { AnalyticsQuery } from '../../shared/analytics';
import { addClickCounts, NO_CLICKS, withClickRate, type ClickCounts } from '../../shared/clicks';
import type { AnalyticsClicks, AnalyticsProgramDay } from '../../shared/responses/figures';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { clickFiguresSql, reachedCountSql } from '../links/click-rate';
import { countedIn } from './analytics-range';
import { messageFiguresWhere } from './message-counts';

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
 * The clicks of Analytics (rules: shared/clicks.ts) in one statement, from counts only
 * (docs/rollups.md), so a year costs what its days and program days do, not its messages, and the
 * figures stay when retention deletes the messages: the program messages handed over in the range
 * (as `sent` counts them) by program day and date, with how many were delivered, still `sent` and
 * opened (message_day_figures); which program days had tracked links (program_day_links); and
 * each link's messages opened (link_open_counts). A day's reached are its delivered (or handed-over) messages
 * and those opened besides. Every message falls in one day row, so the totals, dates and programs
 * are sums of the day rows.
 */
export function clicksSql(query: AnalyticsQuery) {
  const inRange = countedIn(query);
  const programFigures = messageFiguresWhere(
    sql`${inRange} and kind = 'program' and program_id is not null and day is not null`,
  );
  return sql`
    with day_counts as (
      select program_id, day, count_date, sum(handed_over)::int as messages, ${clickFiguresSql}
      from ${programFigures}
      group by program_id, day, count_date
      having sum(handed_over) > 0
    ),
    tracked as (
      select program_id, day, bool_or(delivered > 0) as any_delivered
      from day_counts dc
      where exists (
        select 1 from program_day_links l where l.program_id = dc.program_id and l.day = dc.day)
      group by program_id, day
    ),
    days as (
      select d.program_id, d.day, d.count_date, d.messages, d.clicked,
        ${reachedCountSql(sql`d`)} as reached
      from (select dc.*, t.any_delivered from day_counts dc join tracked t using (program_id, day))
        as d
    ),
    program_days as (
      select program_id, day, sum(messages)::int as messages, sum(reached)::int as reached
      from days group by program_id, day
    ),
    link_counts as (
      select program_id, day, link_index, url, sum(messages)::int as clicked
      from link_open_counts
      where ${inRange} and (program_id, day) in (select program_id, day from tracked)
      group by program_id, day, link_index, url
    ),
    -- The programs in name order, numbered: the rows are sorted by the number, as comparing their
    -- names in the database's collation for each of thousands of rows took most of a year's time.
    ranked as (
      select id, program_name,
        row_number() over (order by lower(program_name), program_name, id) as rank
      from programs where id in (select program_id from tracked)
    ),
    links as (
      select l.program_id, l.day, l.link_index, l.url from program_day_links l
      where (l.program_id, l.day) in (select program_id, day from tracked)
    )
    select level, date::text, "programId", "programName", day, "linkIndex", url, messages,
      reached, clicked
    from (
      select 'day' as level, 0 as level_order, d.count_date as date, p.rank, p.id as "programId",
        p.program_name as "programName", d.day, null::int as "linkIndex", null::text as url,
        d.messages, d.reached, d.clicked
      from days d join ranked p on p.id = d.program_id
      union all
      select 'link', 1, null, p.rank, p.id, p.program_name, l.day, l.link_index, l.url,
        pd.messages, pd.reached, coalesce(lc.clicked, 0)
      from links l join program_days pd using (program_id, day)
      join ranked p on p.id = l.program_id
      left join link_counts lc using (program_id, day, link_index, url)
    ) as counted
    order by rank, day, level_order, "linkIndex", url, date`;
}

/**
 * The rows of `clicksSql`, with hash joins only. Every input is counts, thousands of rows for a
 * year, but PostgreSQL cannot estimate what its CTEs return (it takes each for a row or two) and
 * chose nested loops over them that compared every day with every day: a year of 100,000 messages
 * took 570 ms instead of a few. SET LOCAL keeps the setting to this transaction; PGlite accepts it.
 */
export const clickRows = (db: Db, query: AnalyticsQuery) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    return rowsOf<ClickRow>(tx, clicksSql(query));
  });

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
