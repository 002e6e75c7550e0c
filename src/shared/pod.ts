import { DISPLAY_TIME_ZONE } from './constants';

/** The default Pod ID: POD-YYYYMMDD-HHMMSS in Los Angeles time (spec section 9). */
export function defaultPodId(now: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: DISPLAY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `POD-${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}${parts.second}`;
}
