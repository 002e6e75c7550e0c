import { sql, type SQL } from 'drizzle-orm';

/**
 * The click figures' rule (shared/clicks.ts) in SQL, for a program's Deliveries and Analytics,
 * which count the same way, from the outbox's counts (docs/rollups.md): a program day's messages
 * by status and by whether someone opened one of their links (a counted click).
 */

/** A program day's messages counted for its click figures: a select list over message counts. */
export const clickCountsSql = sql`sum(messages)::int as messages,
  coalesce(sum(messages) filter (where status = 'delivered'), 0)::int as delivered,
  coalesce(sum(messages) filter (where status = 'sent'), 0)::int as sent,
  coalesce(sum(messages) filter (where opened), 0)::int as clicked,
  coalesce(sum(messages) filter (where opened and status = 'delivered'), 0)::int
    as opened_delivered,
  coalesce(sum(messages) filter (where opened and status = 'sent'), 0)::int as opened_sent`;

/**
 * How many of a program day's messages reached the phone (SQL over a row of `clickCountsSql` with
 * `any_delivered`, whether the provider reported any of the day's messages delivered): its
 * delivered ones, or every one the provider took when it reported none delivered, and besides
 * those the opened ones the reports do not count.
 */
export const reachedCountSql = (day: SQL) => sql`(${day}.delivered
  + (case when ${day}.any_delivered then 0 else ${day}.sent end)
  + ${day}.clicked - ${day}.opened_delivered
  - (case when ${day}.any_delivered then 0 else ${day}.opened_sent end))::int`;
