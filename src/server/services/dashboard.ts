import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_LIST_SIZE, dashboardDay } from '../../shared/dashboard';
import type { LocalDate } from '../../shared/schedule';
import type {
  DashboardFailure,
  DashboardResponse,
  DashboardRunningPrograms,
} from '../../shared/responses/figures';
import { FAILURE_STATUSES, WAITING_MESSAGE_STATUSES } from '../../shared/delivery';
import type { Db } from '../db/client';
import { outboundMessages, products, programs } from '../db/schema';
import { messageCountsWhere } from './message-counts';
import { fromMessages } from './messages';
import { programStatusSqlAt } from './programs';

/** `(select count(*) from outbound_messages where …)`: a scalar subquery. */
const countWhere = (where: SQL | undefined) =>
  sql`(select count(*) from ${outboundMessages} where ${where})`;

/**
 * Today's three figures (see shared/dashboard.ts for what each counts), in one statement of three
 * scalar subqueries: due from the (status, send_after) index; sent from the outbox's counts of the
 * day (message-counts.ts: handed over on that Los Angeles day, as Analytics counts it); failed
 * from the failure statuses and a range on updated_at (half-open, `>= from and < to`, as an index
 * on the time column reads it). Due and failed read only what is waiting or changed today.
 */
async function todayFigures(db: Db, date: LocalDate, from: Date, to: Date) {
  const due = and(
    inArray(outboundMessages.status, WAITING_MESSAGE_STATUSES),
    lt(outboundMessages.sendAfter, to),
  );
  const sent = sql`(select coalesce(sum(messages), 0)
    from ${messageCountsWhere(sql`count_date = ${date}::date and handed_over`)})`;
  const failed = and(
    inArray(outboundMessages.status, FAILURE_STATUSES),
    gte(outboundMessages.updatedAt, from),
    lt(outboundMessages.updatedAt, to),
  );
  const result = await db.execute(
    sql`select ${countWhere(due)} as due, ${sent} as sent, ${countWhere(failed)} as failed`,
  );
  // count(*) is a bigint, which the drivers hand over as text.
  const [row] = (result as unknown as { rows: Record<'due' | 'sent' | 'failed', unknown>[] }).rows;
  return { due: Number(row!.due), sent: Number(row!.sent), failed: Number(row!.failed) };
}

/**
 * The programs running at `now` by the programs list's own rule, the first DASHBOARD_LIST_SIZE by
 * name, with how many there are in all (a window count, taken before the limit).
 */
async function runningPrograms(db: Db, now: Date): Promise<DashboardRunningPrograms> {
  const status = programStatusSqlAt(sql`${now.toISOString()}::timestamptz`);
  const rows = await db
    .select({
      id: programs.id,
      name: programs.programName,
      productName: products.name,
      startDate: programs.startDate,
      timeZone: programs.timeZone,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(programs)
    .innerJoin(products, eq(products.id, programs.productId))
    .where(eq(status, 'running'))
    .orderBy(asc(sql`lower(${programs.programName})`), asc(programs.id))
    .limit(DASHBOARD_LIST_SIZE);
  return {
    total: rows[0]?.total ?? 0,
    programs: rows.map(({ total: _total, ...program }) => program),
  };
}

/**
 * The messages that most recently ended failed or undelivered, newest first: a final status is
 * never left but by a retry, so their last change is when they failed.
 */
async function recentFailures(db: Db): Promise<DashboardFailure[]> {
  const rows = await fromMessages(db)
    .where(inArray(outboundMessages.status, FAILURE_STATUSES))
    .orderBy(desc(outboundMessages.updatedAt), desc(outboundMessages.id))
    .limit(DASHBOARD_LIST_SIZE);
  return rows.map(({ message, programName, contactName }) => ({
    id: message.id,
    status: message.status,
    kind: message.kind,
    toPhone: message.toPhone,
    contactId: message.contactId,
    contactName,
    programId: message.programId,
    programName,
    day: message.day,
    errorCode: message.errorCode,
    errorMessage: message.errorMessage,
    at: message.updatedAt.toISOString(),
  }));
}

/** GET /api/dashboard at the instant `now`: today's figures, running programs, recent failures. */
export async function dashboard(db: Db, now: Date): Promise<DashboardResponse> {
  const { date, from, to } = dashboardDay(now);
  const [figures, running, failures] = await Promise.all([
    todayFigures(db, date, from, to),
    runningPrograms(db, now),
    recentFailures(db),
  ]);
  return {
    today: { date, from: from.toISOString(), to: to.toISOString(), ...figures },
    runningPrograms: running,
    recentFailures: failures,
  };
}
