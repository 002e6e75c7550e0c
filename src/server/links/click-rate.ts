import { sql, type SQL } from 'drizzle-orm';

/**
 * The click figures' rule (shared/clicks.ts) in SQL, for a program's Deliveries and Analytics,
 * which count the same way, from the outbox's counts summed by program day and date
 * (message_day_figures, docs/rollups.md): how many of a day's messages the provider reported
 * delivered, left `sent`, and were opened by someone (a counted click), of those handed over.
 */

/** A program day's figures for its clicks: a select list over rows of message_day_figures. */
export const clickFiguresSql = sql`sum(delivered)::int as delivered, sum(status_sent)::int as sent,
  sum(opened)::int as clicked, sum(opened_delivered)::int as opened_delivered,
  sum(opened_sent)::int as opened_sent`;

/**
 * How many of a program day's messages reached the phone (SQL over a row of `clickFiguresSql` with
 * `any_delivered`, whether the provider reported any of the day's messages delivered): its
 * delivered ones, or every one the provider took when it reported none delivered, and besides
 * those the opened ones the reports do not count.
 */
export const reachedCountSql = (day: SQL) => sql`(${day}.delivered
  + (case when ${day}.any_delivered then 0 else ${day}.sent end)
  + ${day}.clicked - ${day}.opened_delivered
  - (case when ${day}.any_delivered then 0 else ${day}.opened_sent end))::int`;
