import { zonePlace } from '../../shared/format';
import { isLocalDate, zonedInstant, type LocalDate } from '../../shared/schedule';
import type { ApiQuietWait } from '../../shared/responses/programs';

/**
 * Program dates and times in en-US short format (spec section 9). A program's messages go out in
 * the program's own zone, so its schedule shows that zone's clock, not Los Angeles time.
 */

const formats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  let zone = formats.get(timeZone);
  if (!zone) {
    zone = {
      date: new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeZone }),
      time: new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone }),
    };
    formats.set(timeZone, zone);
  }
  return zone;
}

/** When a message goes out, as the clock in `timeZone` shows it: '3/14/27' and '9:00 AM'. */
export function formatSendAt(sendAt: Date, timeZone: string): { date: string; time: string } {
  const { date, time } = formatsFor(timeZone);
  return { date: date.format(sendAt), time: time.format(sendAt) };
}

/**
 * A calendar date ('2027-03-13') as '3/13/27': it names a day, not an instant, so no zone applies.
 * A date outside the years 1 to 9999 (stored before start dates were bounded: '4713-01-01 BC')
 * has no such short form and is shown as stored.
 */
export function formatLocalDate(date: LocalDate): string {
  if (!isLocalDate(date)) return date;
  return formatsFor('UTC').date.format(zonedInstant(date, '00:00', 'UTC'));
}

/**
 * The words of messages waiting for the morning where their recipients are, for
 * messages.delivery.panel.waiting: '12 waiting for 8:00 AM on 6/2/26 in Los Angeles', on the
 * clock of the zone they wait in.
 */
export function waitParams(wait: ApiQuietWait) {
  const { date, time } = formatSendAt(new Date(wait.until), wait.timeZone);
  return { count: wait.count, time, date, place: zonePlace(wait.timeZone) };
}
