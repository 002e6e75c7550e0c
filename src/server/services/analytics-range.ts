import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_TIME_ZONE, type AnalyticsQuery } from '../../shared/analytics';

/** What the analytics queries share: the range's instants and days. */

/**
 * `'a', 'b'` for `in (…)`. Our own constants, never input, and written out rather than bound:
 * the planner can only match a partial index's predicate (migration 0009) against constants.
 */
export const literals = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', '));

/** Written out too, as a constant the planner sees. */
export const zone = literals([ANALYTICS_TIME_ZONE]);

/**
 * The instants the range runs between: the start of `from` and the start of the day after `to`
 * in Los Angeles (so a range across a daylight-saving change has its 23- or 25-hour day).
 */
export function bounds({ from, to }: AnalyticsQuery) {
  const start = sql`(${from}::date::timestamp at time zone ${zone})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${zone})`;
  return (column: SQL) => sql`${column} >= ${start} and ${column} < ${end}`;
}

/** The counts of the range's days, of one program or of all (SQL, for a WHERE clause). */
export function countedIn(query: AnalyticsQuery) {
  const ofProgram = query.programId ? sql`and program_id = ${query.programId}` : sql``;
  return sql`count_date between ${query.from}::date and ${query.to}::date ${ofProgram}`;
}
