import { sql } from 'drizzle-orm';
import { withClickRate, type ClickCounts } from '../../shared/clicks';
import type { ClickFigures } from '../../shared/responses/clicks';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { reachedByStatusSql, reachedCountSql } from '../links/click-rate';

/**
 * The click figures of each day of a program whose messages carried tracked links (the rule:
 * shared/clicks.ts), in one statement: the program's day messages counted by day and status (the
 * outbox's program index); the days with tracked links, each asked of the (program, day) index of
 * short_links; the program's links someone opened (their counted clicks, from the partial index)
 * with their messages, each message once. Days without a tracked link are not in the map.
 */
export async function deliveryClicks(
  db: Db,
  programId: string,
): Promise<Map<number, ClickFigures>> {
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
          and sl.code in (select code from link_clicks where counted)
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
