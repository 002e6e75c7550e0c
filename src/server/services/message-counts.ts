import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { FAILURE_STATUSES } from '../../shared/delivery';
import { literals } from './analytics-range';

/**
 * The outbox counted (docs/rollups.md). The triggers of migration 0024 write each statement's
 * difference into `message_count_changes` (the consent log's and the replies' into
 * `day_count_changes`, since 0028), and since 0032 append each message handed over to
 * `recipient_handovers`; `foldMessageCounts` adds the handovers to their recipients' days
 * (`recipient_day_changes`), then each change into its counts.
 * A reader sums both (`messageCountsWhere`), so a figure is exact at every commit whether or not
 * the changes have been folded in yet. Since 0033 the same fold also counts each program's
 * people's opt-ins, opt-outs and replies (`program_day_counts_folded`); a reader of the recipients
 * or of those folds what is pending first (`foldBeforeReading`).
 */

const KEY = sql.raw(
  'count_date, program_id, kind, day, status, handed_over, opened, error_code, error_message',
);

/**
 * The counts matching `where` (on their columns: count_date, program_id, kind, day, status,
 * handed_over, error_code, error_message), for a FROM clause: rows of those columns and
 * `messages`, several per key until the changes are folded in, so sum `messages` by what you
 * group on.
 */
export const messageCountsWhere = (where: SQL) => sql`(
  select ${KEY}, messages from message_counts where ${where}
  union all
  select ${KEY}, messages from message_count_changes where ${where}
) counts`;

/**
 * Each figure of `message_day_figures` and the rows of `message_counts` it sums (the trigger of
 * migration 0030 sums them the same way).
 */
const FIGURE_FILTERS: readonly (readonly [string, SQL])[] = [
  ['messages', sql`true`],
  ['handed_over', sql`handed_over`],
  ['delivered', sql`handed_over and status = 'delivered'`],
  ['failed', sql`status in (${literals(FAILURE_STATUSES)})`],
  ['expired', sql`status = 'expired'`],
  ['status_sent', sql`handed_over and status = 'sent'`],
  ['opened', sql`handed_over and opened`],
  ['opened_delivered', sql`handed_over and opened and status = 'delivered'`],
  ['opened_sent', sql`handed_over and opened and status = 'sent'`],
];
/** The columns of `message_day_figures` that hold figures, in FIGURE_FILTERS' order. */
export const FIGURE_NAMES: readonly string[] = FIGURE_FILTERS.map(([figure]) => figure);
const FIGURES = sql.raw(FIGURE_NAMES.join(', '));

/** Each figure summed over `messages` rows of `message_counts`' columns, named as its column. */
export const FIGURE_SUMS = sql.join(
  FIGURE_FILTERS.map(
    ([figure, filter]) =>
      sql`coalesce(sum(messages) filter (where ${filter}), 0)::int as ${sql.raw(figure)}`,
  ),
  sql`, `,
);

/**
 * `message_counts`' sums by day, program and program day (migration 0030): its rows'
 * `message_day_figures` and, summed the same way as the migration's trigger sums them, the pending
 * changes; for a FROM clause, where `where` is on count_date, program_id, kind and day.
 */
export const messageFiguresWhere = (where: SQL) => sql`(
  select count_date, program_id, kind, day, ${FIGURES} from message_day_figures where ${where}
  union all
  select count_date, program_id, kind, day, ${FIGURE_SUMS}
  from message_count_changes where ${where}
  group by count_date, program_id, kind, day
) figures`;

/**
 * The failed and undelivered messages of `message_counts` by day, program and reason, folded
 * (`message_failure_counts`) and pending; for a FROM clause (`where` on count_date and program_id).
 */
export const failureCountsWhere = (where: SQL) => sql`(
  select error_code, error_message, messages from message_failure_counts where ${where}
  union all
  select error_code, error_message, messages from message_count_changes
  where ${where} and status in (${literals(FAILURE_STATUSES)})
) failures`;

/** Any number will do, so long as nothing else takes this advisory lock. */
const FOLD_LOCK = 8_410_224;

/**
 * What Analytics reads only once folded (migrations 0032 and 0033): the messages handed over, for
 * their recipients' days, and a person's opt-ins, opt-outs and replies and their pods' changes, for
 * their programs' figures.
 */
const PENDING = ['recipient_handovers', 'person_day_changes', 'program_people_changes'];

/**
 * The counts and their changes tables (docs/rollups.md): each count is keyed by `key`, unique by
 * `constraint`, and holds its figure in `value`.
 */
const FOLDED = [
  {
    changes: 'message_count_changes',
    counts: 'message_counts',
    key: KEY,
    value: sql.raw('messages'),
    constraint: sql.raw('message_counts_key'),
  },
  {
    changes: 'recipient_day_changes',
    counts: 'recipient_day_counts',
    key: sql.raw('program_id, sent_on, previous_on'),
    value: sql.raw('recipients'),
    constraint: sql.raw('recipient_day_counts_key'),
  },
  {
    changes: 'day_count_changes',
    counts: 'day_counts',
    key: sql.raw('count_date, figure'),
    value: sql.raw('count'),
    constraint: sql.raw('day_counts_count_date_figure_pk'),
  },
];

/**
 * Adds the pending changes into the counts, in one transaction: the changes it deletes are the
 * changes it adds, so none is counted twice or lost, and one folder at a time (an advisory lock;
 * another skips) keeps two from updating the same counts in different orders. Returns how many
 * changes it folded, or null when another process was folding.
 */
export async function foldMessageCounts(db: Db): Promise<number | null> {
  const folded = await db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as locked`,
    );
    if (!lock?.locked) return null;
    // First, as they make recipient_day_changes, which are folded below.
    const [handovers] = await rowsOf<{ taken: number }>(
      tx,
      sql`select recipient_days_folded() as taken`,
    );
    let folded = handovers!.taken;
    const [people] = await rowsOf<{ taken: number }>(
      tx,
      sql`select program_day_counts_folded() as taken`,
    );
    folded += people!.taken;
    for (const { changes, counts, key, value, constraint } of FOLDED) {
      const [result] = await rowsOf<{ folded: number }>(
        tx,
        sql`with moved as (delete from ${sql.identifier(changes)} returning *),
          summed as (
            insert into ${sql.identifier(counts)} as c (${key}, ${value})
            select ${key}, sum(${value})::int from moved group by ${key} having sum(${value}) <> 0
            on conflict on constraint ${constraint}
            do update set ${value} = c.${value} + excluded.${value}
          )
          select count(*)::int as folded from moved`,
      );
      folded += result!.folded;
    }
    return folded;
  });
  // The space of the rows just folded, for the next changes: every reader scans the changes
  // tables, and the embedded database has no autovacuum to make it reusable, so without this they
  // would only grow (after 1,000,000 messages, an empty changes table still took 592 pages).
  if (folded) {
    const tables = [...PENDING, ...FOLDED.map(({ changes }) => changes)];
    await db.execute(sql`vacuum ${sql.raw(tables.join(', '))}`);
  }
  return folded;
}

/**
 * Folds what Analytics reads only once folded (`PENDING`), for a reader of `recipient_day_counts`
 * and `program_day_counts`: it waits for a fold under way, which may be taking them. With nothing
 * pending it costs one read.
 */
export async function foldBeforeReading(db: Db): Promise<void> {
  const [pending] = await rowsOf<{ any: boolean }>(
    db,
    sql`select ${sql.raw(PENDING.map((table) => `exists (select from ${table})`).join(' or '))} as any`,
  );
  if (!pending?.any) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);
    await tx.execute(sql`select recipient_days_folded(), program_day_counts_folded()`);
  });
}

/**
 * Counts that came to zero (every message of their key moved on; the replies of a day deleted by
 * the demo's removal): hourly, as their number is bounded by the keys there have been, and a zero
 * reads as no row.
 */
export async function deleteEmptyCounts(db: Db): Promise<void> {
  await db.execute(sql`delete from message_counts where messages = 0`);
  await db.execute(sql`delete from message_day_figures where messages = 0`);
  await db.execute(sql`delete from message_failure_counts where messages = 0`);
  await db.execute(sql`delete from recipient_day_counts where recipients = 0`);
  await db.execute(sql`delete from day_counts where count = 0`);
  await db.execute(sql`delete from program_day_counts where count = 0`);
  await db.execute(sql`delete from reply_counts where replies = 0`);
}
