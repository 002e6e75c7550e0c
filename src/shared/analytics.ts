import { DISPLAY_TIME_ZONE } from './constants';
import { addDays, wallClock, type LocalDate } from './schedule';

/**
 * Analytics: what `GET /api/analytics?from&to[&programId]` answers (its shape is in
 * shared/responses/figures.ts) and how each figure is counted. The server computes every figure in
 * SQL; the console only draws them.
 *
 * Days are calendar days in Los Angeles time (DISPLAY_TIME_ZONE), `from` and `to` both included,
 * so a day across a daylight-saving change is 23 or 25 hours long.
 *
 * - sent: messages handed to the provider (`sent_at` set) during the range, whatever became of
 *   them since; a message counts on the day it was handed over.
 * - delivered: of those, the ones the provider has since reported delivered (on their sent day),
 *   so `delivered <= sent` on every day and the rate is delivered / sent.
 * - failed: messages that ended `failed` or `undelivered`, on the day they were handed over, or
 *   the day they failed when the provider refused them before taking them.
 * - expired: messages whose time passed before they could go, on the day they expired.
 * - optIns / optOuts: consent-log entries `opted_in` / `opted_out` during the range.
 * - replies: messages phones sent to Tidings during the range.
 * With `programId`, messages are that program's, and opt-ins, opt-outs and replies those of the
 * people in its pods.
 */

/** The range the Analytics screen opens with: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest range one request may ask for (a leap year). */
export const ANALYTICS_MAX_DAYS = 366;
/** How many failure reasons the answer lists, most frequent first. */
export const ANALYTICS_TOP_FAILURES = 10;
/** The zone whose calendar days the figures are counted in. */
export const ANALYTICS_TIME_ZONE = DISPLAY_TIME_ZONE;

export interface AnalyticsQuery {
  from: LocalDate;
  to: LocalDate;
  programId?: string;
}

/** `part / whole`, or null when there is no whole to take a share of. */
export const rate = (part: number, whole: number): number | null =>
  whole > 0 ? part / whole : null;

/** The default range at `now`: the last ANALYTICS_DEFAULT_DAYS days in Los Angeles, today included. */
export function defaultAnalyticsRange(now: Date = new Date()): { from: LocalDate; to: LocalDate } {
  const to = wallClock(now, ANALYTICS_TIME_ZONE).date;
  return { from: addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1)), to };
}
