import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';
import { rowsOf } from '../../../src/server/db/rows';
import { ANALYTICS_TOP_FAILURES, type AnalyticsQuery } from '../../../src/shared/analytics';
import type { AnalyticsResponse } from '../../../src/shared/responses/figures';
import { bounds, literals, zone } from '../../../src/server/services/analytics-range';

/**
 * Analytics' message figures counted over the outbox's rows themselves, as Tidings counted them
 * before the outbox had counts (migration 0024): what an upgraded database must still show.
 */

/** The day of the range an instant falls on, from 1. */
export function dayNumber({ from, to }: AnalyticsQuery, at: SQL) {
  const midnights = sql`array(
    select midnight at time zone ${zone}
    from generate_series(${from}::date::timestamp, (${to}::date + 1)::timestamp, interval '1 day')
      as midnight)`;
  return sql`width_bucket(${at}, ${midnights})`;
}

export const dateOfDay = ({ from }: AnalyticsQuery, n: SQL) =>
  sql`(${from}::date + ${n} - 1)::text`;

const FAILED = literals(['failed', 'undelivered']);

function countedMessages(query: AnalyticsQuery) {
  const inRange = bounds(query);
  const ofProgram = query.programId ? sql`and program_id = ${query.programId}` : sql``;
  return sql`(
    select sent_at as at, true as handed_over, status, program_id, contact_id,
      error_code, error_message
    from outbound_messages
    where sent_at is not null and ${inRange(sql`sent_at`)} ${ofProgram}
    union all
    select updated_at, false, status, program_id, contact_id, error_code, error_message
    from outbound_messages
    where sent_at is null and status in ('failed', 'undelivered', 'expired')
      and ${inRange(sql`updated_at`)} ${ofProgram}
  ) counted`;
}

export interface MessageFigures {
  days: { date: string; sent: number; delivered: number; failed: number; expired: number }[];
  failures: { errorCode: string | null; errorMessage: string | null; count: number }[];
  programs: { programId: string; sent: number; delivered: number; recipients: number }[];
}

/**
 * The message figures Analytics shows in `answer`, as `analyticsOverMessages` counts them (it lists
 * a day's expired messages only in its totals).
 */
export const messageFiguresShown = (answer: AnalyticsResponse) => ({
  days: answer.days,
  failures: answer.failures,
  programs: answer.programs.map(({ programId, sent, delivered, recipients }) => ({
    programId,
    sent,
    delivered,
    recipients,
  })),
});

/** `figures` as `messageFiguresShown` gives them: the days without their expired messages. */
export const messageFiguresToShow = (figures: MessageFigures) => ({
  ...figures,
  days: figures.days.map(({ expired: _expired, ...day }) => day),
});

export async function analyticsOverMessages(
  db: Db,
  query: AnalyticsQuery,
): Promise<MessageFigures> {
  const days = await rowsOf<MessageFigures['days'][number]>(
    db,
    sql`
    select ${dateOfDay(query, sql`n`)} as date,
      coalesce(c.sent, 0) as sent, coalesce(c.delivered, 0) as delivered,
      coalesce(c.failed, 0) as failed, coalesce(c.expired, 0) as expired
    from generate_series(1, ${query.to}::date - ${query.from}::date + 1) as n
    left join (
      select ${dayNumber(query, sql`at`)} as n,
        count(*) filter (where handed_over)::int as sent,
        count(*) filter (where handed_over and status = 'delivered')::int as delivered,
        count(*) filter (where status in (${FAILED}))::int as failed,
        count(*) filter (where status = 'expired')::int as expired
      from ${countedMessages(query)}
      group by 1
    ) c using (n)
    order by n`,
  );
  const failures = await rowsOf<MessageFigures['failures'][number]>(
    db,
    sql`
    select error_code as "errorCode", error_message as "errorMessage", count(*)::int as count
    from ${countedMessages(query)}
    where status in (${FAILED})
    group by error_code, error_message
    order by count(*) desc, error_code, error_message
    limit ${ANALYTICS_TOP_FAILURES}`,
  );
  const programs = await rowsOf<MessageFigures['programs'][number]>(
    db,
    sql`
    with per_person as (
      select program_id, contact_id,
        count(*) filter (where handed_over) as sent,
        count(*) filter (where handed_over and status = 'delivered') as delivered
      from ${countedMessages(query)}
      where program_id is not null
      group by program_id, contact_id
    )
    select a.program_id as "programId", sum(sent)::int as sent, sum(delivered)::int as delivered,
      count(contact_id) filter (where sent > 0)::int as recipients
    from per_person a join programs p on p.id = a.program_id
    group by a.program_id, p.program_name
    order by lower(p.program_name), p.program_name, a.program_id`,
  );
  return { days, failures, programs };
}
