import { SEND_WINDOW } from '../../shared/constants';
import { addDays, wallClock, zonedInstant, type LocalTime } from '../../shared/schedule';

const MINUTE = 60_000;

/**
 * Quiet hours: no message with a time zone goes out before SEND_WINDOW.earliest or after its
 * window's end (SEND_WINDOW.latest, or the earlier end of a state with stricter hours: a
 * message's `send_window_latest`) on the clock of that zone. Minutes count, so a message due at
 * 21:00 still goes during that minute; from 21:01 it waits for the morning.
 */

/**
 * When the quiet hours around `at` end in `timeZone` (the next SEND_WINDOW.earliest), or null when
 * `at` is inside the send window that ends at `latest`. Found on the calendar, so a
 * daylight-saving change between tonight and the morning is kept.
 */
export function quietHoursEnd(
  at: Date,
  timeZone: string,
  latest: LocalTime = SEND_WINDOW.latest,
): Date | null {
  const { date, time } = wallClock(at, timeZone);
  if (time < SEND_WINDOW.earliest) return zonedInstant(date, SEND_WINDOW.earliest, timeZone);
  if (time > latest) {
    return zonedInstant(addDays(date, 1), SEND_WINDOW.earliest, timeZone);
  }
  return null;
}

/**
 * A message's `time_zone` holds one zone (a program's) or several, separated by spaces (a
 * recipient whose state spans zones): these read and write it.
 */
export const joinZones = (zones: readonly string[]) => zones.join(' ');
export const splitZones = (timeZone: string) => timeZone.split(' ');

/** A message's `send_window_latest` as stored: null for SEND_WINDOW.latest, the common case. */
export const storedLatest = (latest: LocalTime): string | null =>
  latest === SEND_WINDOW.latest ? null : latest;
export const windowLatest = (stored: string | null): LocalTime => stored ?? SEND_WINDOW.latest;

/**
 * The first moment from `at` on that is inside the send window (ending at `latest`) in every one
 * of `zones` (a number whose owner may be anywhere in a country keeps the quiet hours of all its
 * zones), or null when `at` already is. Each step moves to the latest morning among the zones
 * still in quiet hours, so a few steps settle it. Zones whose windows never meet (a country
 * spanning more than the window's width of hours) fall back to the first zone's quiet hours.
 */
export function quietHoursEndIn(
  at: Date,
  zones: readonly string[],
  latest: LocalTime = SEND_WINDOW.latest,
): Date | null {
  let moment = at;
  for (let step = 0; step <= 2 * zones.length + 2; step++) {
    const mornings = zones.flatMap((zone) => quietHoursEnd(moment, zone, latest) ?? []);
    if (mornings.length === 0) return moment === at ? null : moment;
    moment = new Date(Math.max(...mornings.map((morning) => morning.getTime())));
  }
  return zones[0] === undefined ? null : quietHoursEnd(at, zones[0], latest);
}

/**
 * The zone of `zones` whose clock shows SEND_WINDOW.earliest at `at`: where the morning a held
 * message waits for is.
 */
export const morningZone = (at: Date, zones: readonly string[]): string | undefined =>
  zones.find((zone) => wallClock(at, zone).time === SEND_WINDOW.earliest);

/**
 * How quiet hours hold a message due at `at` for a recipient in `zones`: until the first moment of
 * daytime everywhere (quietHoursEndIn) and the zone whose morning that is; null when it may go at
 * `at`. The dispatcher's screen holds a due message so (delivery/screen.ts); the message preview
 * says it ahead.
 */
export function quietHold(
  at: Date,
  zones: readonly string[],
  latest: LocalTime = SEND_WINDOW.latest,
): { until: Date; timeZone: string } | null {
  const until = quietHoursEndIn(at, zones, latest);
  return until && { until, timeZone: morningZone(until, zones) ?? zones[0]! };
}

/**
 * The first moment of the quiet hours around `at` in `timeZone` (the minute after the window's
 * end, the evening before when `at` is early in the morning), or null when `at` is inside the
 * window. The mirror of quietHoursEnd.
 */
export function quietHoursStart(
  at: Date,
  timeZone: string,
  latest: LocalTime = SEND_WINDOW.latest,
): Date | null {
  const { date, time } = wallClock(at, timeZone);
  const evening = time < SEND_WINDOW.earliest ? addDays(date, -1) : time > latest ? date : null;
  return evening === null
    ? null
    : new Date(zonedInstant(evening, latest, timeZone).getTime() + MINUTE);
}

/**
 * The first moment of the stretch of quiet hours (in any of `zones`) that holds `at`, or null when
 * `at` is inside the send window everywhere. A message due at or after it has had no minute to go
 * since it was due: quietHoursEndIn, walked backwards.
 */
export function quietHoursStartIn(
  at: Date,
  zones: readonly string[],
  latest: LocalTime = SEND_WINDOW.latest,
): Date | null {
  let start: Date | null = null;
  let moment = at;
  for (let step = 0; step <= 2 * zones.length + 2; step++) {
    const evenings = zones.flatMap((zone) => quietHoursStart(moment, zone, latest) ?? []);
    if (evenings.length === 0) return start;
    start = new Date(Math.min(...evenings.map((evening) => evening.getTime())));
    // The moment before it may be quiet in another zone: the stretch began earlier still.
    moment = new Date(start.getTime() - 1);
  }
  return start;
}

/**
 * Why a message due at `due` and still waiting at `at`, in quiet hours, expires: the window never
 * opened since it was due (true), or it had minutes to go and missed them (false).
 */
export const neverOpenedSince = (
  due: Date,
  at: Date,
  zones: readonly string[],
  latest: LocalTime = SEND_WINDOW.latest,
): boolean => {
  const start = quietHoursStartIn(at, zones, latest);
  return start !== null && due.getTime() >= start.getTime();
};
