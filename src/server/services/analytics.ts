import { eq, sql } from 'drizzle-orm';
import { ANALYTICS_TOP_FAILURES, rate, type AnalyticsQuery } from '../../shared/analytics';
import type {
  AnalyticsDay,
  AnalyticsFailure,
  AnalyticsProgram,
  AnalyticsResponse,
  AnalyticsTotals,
} from '../../shared/responses/figures';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { programs } from '../db/schema';
import { notFound } from '../http/errors';
import { analyticsClicks, clickRows, clicksSql } from './analytics-clicks';
import { rowsOf } from '../db/rows';
import { countedIn } from './analytics-range';
import { failureCountsWhere, foldBeforeReading, messageFiguresWhere } from './message-counts';

/**
 * GET /api/analytics: every figure is counted in SQL by the rules written at the top of
 * shared/analytics.ts; this file only turns them into SQL. Five queries, one job each: the days
 * (and the totals they add up to), the failure reasons, the programs, consent and replies, and the
 * clicks on tracked links (analytics-clicks.ts, by the rules of shared/clicks.ts).
 */

/**
 * The range's figures (message-counts.ts), for a FROM clause: the messages counted on its days
 * (`count_date`: handed to the provider that day, whatever became of them since, or ended failed,
 * undelivered or expired that day without reaching it), summed by day, program and program day,
 * of one program or of all.
 */
const countedFigures = (query: AnalyticsQuery, where = sql``) =>
  messageFiguresWhere(sql`${countedIn(query)} ${where}`);

type DayRow = AnalyticsDay & { expired: number };

/** Every day of the range, quiet ones with zeros, in order. */
function daysSql(query: AnalyticsQuery) {
  const { from, to } = query;
  return sql`
    select (${from}::date + n)::text as date,
      coalesce(c.sent, 0) as sent, coalesce(c.delivered, 0) as delivered,
      coalesce(c.failed, 0) as failed, coalesce(c.expired, 0) as expired
    from generate_series(0, ${to}::date - ${from}::date) as n
    left join (
      select count_date, sum(handed_over)::int as sent, sum(delivered)::int as delivered,
        sum(failed)::int as failed, sum(expired)::int as expired
      from ${countedFigures(query)}
      group by count_date
    ) c on c.count_date = ${from}::date + n
    order by n`;
}

/** The most frequent reasons of the range's failed and undelivered messages. */
const failuresSql = (query: AnalyticsQuery) => sql`
    select error_code as "errorCode", error_message as "errorMessage",
      sum(messages)::int as count
    from ${failureCountsWhere(countedIn(query))}
    group by error_code, error_message
    having sum(messages) > 0
    order by sum(messages) desc, error_code, error_message
    limit ${ANALYTICS_TOP_FAILURES}`;

type ProgramRow = Omit<AnalyticsProgram, 'deliveryRate' | 'optOutRate'>;

/**
 * The contacts handed a message of each program on a day of the range (SQL: `program_id,
 * recipients`), from its recipients' day counts (docs/rollups.md): a contact counts on the first
 * day of the range it was handed one, the day whose day before is before the range. The counts are
 * read with their pending changes, as the messages' are.
 */
function recipientsSql(query: AnalyticsQuery) {
  const where = sql`sent_on between ${query.from}::date and ${query.to}::date
    and (previous_on is null or previous_on < ${query.from}::date)
    ${query.programId ? sql`and program_id = ${query.programId}` : sql``}`;
  return sql`
    select program_id, sum(recipients)::int as recipients from (
      select program_id, recipients from recipient_day_counts where ${where}
      union all
      select program_id, recipients from recipient_day_changes where ${where}
    ) counted
    group by program_id`;
}

/**
 * The programs with a message counted in the range, by name: what they sent and to how many
 * people, and the opt-outs of the people in their pods (program_day_counts).
 */
function programsSql(query: AnalyticsQuery) {
  return sql`
    with activity as (
      select program_id, sum(handed_over)::int as sent, sum(delivered)::int as delivered
      from ${countedFigures(query, sql`and program_id is not null`)}
      group by program_id
      having sum(messages) > 0
    ),
    recipients as (${recipientsSql(query)}),
    opt_outs as (
      select program_id, sum(count)::int as opt_outs from program_day_counts
      where figure = 'opted_out' and ${countedIn(query)}
      group by program_id
    )
    select p.id as "programId", p.program_name as "programName", a.sent, a.delivered,
      coalesce(o.opt_outs, 0) as "optOuts", coalesce(r.recipients, 0) as recipients
    from activity a
    join programs p on p.id = a.program_id
    left join recipients r on r.program_id = a.program_id
    left join opt_outs o on o.program_id = a.program_id
    order by lower(p.program_name), p.program_name, p.id`;
}

type ConsentRow = Pick<AnalyticsTotals, 'optIns' | 'optOuts' | 'replies'>;

/**
 * Opt-ins, opt-outs and replies of the range, counted by day (docs/rollups.md): everyone's
 * (day_counts, with their pending changes) or the program's people's (program_day_counts, folded
 * before reading).
 */
function consentSql(query: AnalyticsQuery) {
  const where = sql`count_date between ${query.from}::date and ${query.to}::date`;
  const counted = query.programId
    ? sql`select figure, count from program_day_counts
        where ${where} and program_id = ${query.programId}`
    : sql`select figure, count from day_counts where ${where}
        union all
        select figure, count from day_count_changes where ${where}`;
  return sql`
    select
      coalesce(sum(count) filter (where figure = 'opted_in'), 0)::int as "optIns",
      coalesce(sum(count) filter (where figure = 'opted_out'), 0)::int as "optOuts",
      coalesce(sum(count) filter (where figure = 'replies'), 0)::int as replies
    from (${counted}) counted`;
}

/**
 * The five queries of a request; `npm run bench:analytics` explains them too (the clicks' as
 * PostgreSQL would plan it with JIT, which `clickRows` turns off).
 */
export const analyticsQueries = (query: AnalyticsQuery) => ({
  days: daysSql(query),
  failures: failuresSql(query),
  programs: programsSql(query),
  consent: consentSql(query),
  clicks: clicksSql(query),
});

/**
 * The figures of the range, for everything or for one program (404 for a program that does not
 * exist). The five queries are independent and run at once: on PostgreSQL each takes its own
 * pooled connection (on the benchmark's million messages, a year's range was answered in 1.0 s
 * instead of 1.2 s, 30 days in 0.14 s instead of 0.35 s); PGlite runs them one after another on
 * its one connection. Each sees the outbox as it is when it starts, so a message delivered in
 * between may count as delivered in one part of the answer and not yet in another, as it would in
 * a request made a moment later.
 */
export async function analytics(db: Db, query: AnalyticsQuery): Promise<AnalyticsResponse> {
  if (query.programId) {
    const [found] = await db
      .select({ id: programs.id })
      .from(programs)
      .where(eq(programs.id, query.programId));
    if (!found) throw notFound(serverTexts.programs.notFound);
  }
  // The programs' recipients count every message handed over, and their people every consent
  // change, reply and pod change so far.
  await foldBeforeReading(db);
  const queries = analyticsQueries(query);
  const [dayRows, failureRows, programList, [consent], clickList] = await Promise.all([
    rowsOf<DayRow>(db, queries.days),
    rowsOf<AnalyticsFailure>(db, queries.failures),
    rowsOf<ProgramRow>(db, queries.programs),
    rowsOf<ConsentRow>(db, queries.consent),
    clickRows(db, query),
  ]);
  const sum = (field: 'sent' | 'delivered' | 'failed' | 'expired') =>
    dayRows.reduce((total, day) => total + day[field], 0);
  const sent = sum('sent');
  const delivered = sum('delivered');
  return {
    totals: {
      sent,
      delivered,
      failed: sum('failed'),
      expired: sum('expired'),
      ...consent!,
      deliveryRate: rate(delivered, sent),
    },
    days: dayRows.map(({ date, sent, delivered, failed }) => ({ date, sent, delivered, failed })),
    failures: failureRows,
    programs: programList.map((row) => ({
      programId: row.programId,
      programName: row.programName,
      sent: row.sent,
      delivered: row.delivered,
      deliveryRate: rate(row.delivered, row.sent),
      optOuts: row.optOuts,
      recipients: row.recipients,
      optOutRate: rate(row.optOuts, row.recipients),
    })),
    clicks: analyticsClicks(clickList),
  };
}
