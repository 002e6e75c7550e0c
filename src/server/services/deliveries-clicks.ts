import { sql } from 'drizzle-orm';
import { withClickRate, type ClickCounts } from '../../shared/clicks';
import type { ClickFigures } from '../../shared/responses/clicks';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { clickCountsSql, reachedCountSql } from '../links/click-rate';
import { messageCountsWhere } from './message-counts';

/**
 * The click figures of each day of a program whose messages carried tracked links (the rule:
 * shared/clicks.ts), in one statement over counts (docs/rollups.md): the program's day messages
 * by day, status and whether one of their links was opened (message_counts), and the days that had
 * tracked links (program_day_links). Days without a tracked link are not in the map.
 */
export async function deliveryClicks(
  db: Db,
  programId: string,
): Promise<Map<number, ClickFigures>> {
  const programMessages = messageCountsWhere(
    sql`program_id = ${programId} and kind = 'program' and day is not null`,
  );
  const rows = await rowsOf<ClickCounts & { day: number }>(
    db,
    sql`
      with tracked as (
        select day, ${clickCountsSql}, sum(messages) filter (where status = 'delivered') > 0
          as any_delivered
        from ${programMessages}
        where day in (select day from program_day_links where program_id = ${programId})
        group by day
        having sum(messages) > 0
      )
      select t.day, t.messages, t.clicked, ${reachedCountSql(sql`t`)} as reached
      from tracked t`,
  );
  return new Map(rows.map(({ day, ...counts }) => [day, withClickRate(counts)]));
}
