import { sql } from 'drizzle-orm';
import { withClickRate, type ClickCounts } from '../../shared/clicks';
import type { ClickFigures } from '../../shared/responses/clicks';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { clickFiguresSql, reachedCountSql } from '../links/click-rate';
import { messageFiguresWhere } from './message-counts';

/**
 * The click figures of each day of a program whose messages carried tracked links (the rule:
 * shared/clicks.ts), in one statement over counts (docs/rollups.md): the program's day messages
 * by day, summed as Analytics sums them (message_day_figures, over every date they count on), and
 * the days that had tracked links (program_day_links). Days without a tracked link are not in the
 * map.
 */
export async function deliveryClicks(
  db: Db,
  programId: string,
): Promise<Map<number, ClickFigures>> {
  const programFigures = messageFiguresWhere(
    sql`program_id = ${programId} and kind = 'program' and day is not null`,
  );
  const rows = await rowsOf<ClickCounts & { day: number }>(
    db,
    sql`
      with tracked as (
        select day, sum(messages)::int as messages, ${clickFiguresSql},
          sum(delivered) > 0 as any_delivered
        from ${programFigures}
        where day in (select day from program_day_links where program_id = ${programId})
        group by day
        having sum(messages) > 0
      )
      select t.day, t.messages, t.clicked, ${reachedCountSql(sql`t`)} as reached
      from tracked t`,
  );
  return new Map(rows.map(({ day, ...counts }) => [day, withClickRate(counts)]));
}
