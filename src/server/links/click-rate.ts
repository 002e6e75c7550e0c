import { sql, type SQL } from 'drizzle-orm';

/**
 * The click figures' rule (shared/clicks.ts) in SQL, for a program's Deliveries and Analytics,
 * which count the same way: a day's messages by status from the outbox, and only the links
 * someone opened one by one (counted clicks, from the partial index of link_clicks on `code`
 * where `counted`; never the previews and HEADs beside them).
 */

/**
 * Whether the provider's reports alone say a message reached the phone (SQL over a row with its
 * `status`): delivered, or handed over on a program day with no delivery reported at all
 * (`anyDelivered`: whether the day has one).
 */
export const reachedByStatusSql = (anyDelivered: SQL) => sql`(
  status = 'delivered' or (status = 'sent' and not ${anyDelivered}))`;

/**
 * How many of a program day's messages reached the phone (SQL): its delivered ones, or every one
 * the provider took when it reported none delivered (`day`: a row with `delivered`, `sent` and
 * `any_delivered`), and those opened that the reports do not count (`opened`: a row with
 * `unreported`, or none).
 */
export const reachedCountSql = (day: SQL, opened: SQL) => sql`(${day}.delivered
  + (case when ${day}.any_delivered then 0 else ${day}.sent end)
  + coalesce(${opened}.unreported, 0))::int`;
