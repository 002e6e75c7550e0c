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
