import { DISPLAY_TIME_ZONE } from './constants';
import { addDays, wallClock, zonedInstant, type LocalDate } from './schedule';

/**
 * The dashboard: what `GET /api/dashboard` answers, in one request (its shape is in
 * shared/responses/figures.ts), and how each figure is counted. The server computes every figure
 * in SQL; the console only shows them and links each to the screen that lists what it counts.
 *
 * "Today" is the current calendar day in Los Angeles (DISPLAY_TIME_ZONE), from its midnight up to
 * the next one (`[from, to)`), so it is 23 or 25 hours long on a daylight-saving change.
 *
 * - due: messages still to go out (queued, sending or unknown: WAITING_MESSAGE_STATUSES) whose
 *   `send_after` is before the end of today. Overdue ones still waiting count too: they are still
 *   to go (or to expire), whatever day they were meant for.
 * - sent: messages handed to the provider today (`sent_at` within today), whatever became of them
 *   since (delivered, undelivered, or still only sent).
 * - failed: messages that ended failed or undelivered (FAILURE_STATUSES) today: their last change
 *   (`updated_at`, the moment they reached that final status) within today. A failed message an
 *   admin retried is waiting again, and no longer counts.
 * - runningPrograms: programs whose status is Running now, by the same rule as the programs list
 *   (server/services/programs.ts `programStatusSqlAt`): `total` of them, and the first
 *   DASHBOARD_LIST_SIZE by name.
 * - recentFailures: the DASHBOARD_LIST_SIZE messages that most recently ended failed or
 *   undelivered, newest first, whenever that was.
 */

/** How many running programs and recent failures the dashboard names. */
export const DASHBOARD_LIST_SIZE = 5;

/** The console asks for fresh figures this often while the dashboard is open. */
export const DASHBOARD_REFRESH_MS = 60_000;

/** The zone whose calendar day is "today". */
export const DASHBOARD_TIME_ZONE = DISPLAY_TIME_ZONE;

/**
 * The calendar day in Los Angeles that `now` falls on, with its first instant and the next day's.
 * Midnight is never skipped or repeated there (clocks change at 2 am), so both instants exist.
 */
export function dashboardDay(now: Date): { date: LocalDate; from: Date; to: Date } {
  const { date } = wallClock(now, DASHBOARD_TIME_ZONE);
  return {
    date,
    from: zonedInstant(date, '00:00', DASHBOARD_TIME_ZONE),
    to: zonedInstant(addDays(date, 1), '00:00', DASHBOARD_TIME_ZONE),
  };
}
