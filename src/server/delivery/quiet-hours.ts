import { SEND_WINDOW } from '../../shared/constants';
import { addDays, wallClock, zonedInstant } from '../../shared/schedule';

/**
 * Quiet hours: no message with a time zone (a program's) goes out before SEND_WINDOW.earliest or
 * after SEND_WINDOW.latest on the clock of that zone. Minutes count, so a message due at 21:00
 * still goes during that minute; from 21:01 it waits for the morning.
 */

/**
 * When the quiet hours around `at` end in `timeZone` (the next SEND_WINDOW.earliest), or null when
 * `at` is inside the send window. Found on the calendar, so a daylight-saving change between
 * tonight and the morning is kept.
 */
export function quietHoursEnd(at: Date, timeZone: string): Date | null {
  const { date, time } = wallClock(at, timeZone);
  if (time < SEND_WINDOW.earliest) return zonedInstant(date, SEND_WINDOW.earliest, timeZone);
  if (time > SEND_WINDOW.latest) {
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

/**
 * The first moment from `at` on that is inside the send window in every one of `zones` (a number
 * whose owner may be anywhere in a country keeps the quiet hours of all its zones), or null when
 * `at` already is. Each step moves to the latest morning among the zones still in quiet hours, so a
 * few steps settle it. Zones whose windows never meet (a country spanning more than the window's
 * width of hours) fall back to the first zone's quiet hours.
 */
export function quietHoursEndIn(at: Date, zones: readonly string[]): Date | null {
  let moment = at;
  for (let step = 0; step <= 2 * zones.length + 2; step++) {
    const mornings = zones.flatMap((zone) => quietHoursEnd(moment, zone) ?? []);
    if (mornings.length === 0) return moment === at ? null : moment;
    moment = new Date(Math.max(...mornings.map((morning) => morning.getTime())));
  }
  return zones[0] === undefined ? null : quietHoursEnd(at, zones[0]);
}
