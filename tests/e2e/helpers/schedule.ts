import { TIME_ZONES } from '../../../src/shared/constants';
import { wallClock, zonedInstant } from '../../../src/shared/schedule';

/** The wall clock in a zone: its date and minutes since midnight. */
export function wallMinutes(at: Date, timeZone: string) {
  const { date, time } = wallClock(at, timeZone);
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return { date, minutes: hours * 60 + minutes };
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A program schedule whose day 0 goes out about `aheadMinutes` from now, inside the send window.
 * When some zone's clock is inside the window now, that zone is used and the engine's clock is the
 * real one; otherwise (07:00-13:00 UTC, night in every US zone) the engine's clock is moved to
 * 10:00 in New York (TIDINGS_TEST_CLOCK_OFFSET_MS). A day whose time had passed before the program
 * was made is not sent, so day 0 lies ahead.
 */
export function chooseSchedule(aheadMinutes = 1, now = new Date()) {
  // The whole minute `aheadMinutes` on, or the one after when this one is nearly over.
  const ahead = aheadMinutes + (now.getUTCSeconds() >= 40 ? 1 : 0);
  for (const timeZone of TIME_ZONES) {
    const { date, minutes } = wallMinutes(now, timeZone);
    if (minutes >= 8 * 60 && minutes + ahead <= 21 * 60) {
      return { timeZone, startDate: date, sendTime: hhmm(minutes + ahead), clockOffsetMs: 0 };
    }
  }
  const timeZone = 'America/New_York';
  const { date } = wallMinutes(now, timeZone);
  const target = zonedInstant(date, '10:00', timeZone);
  return {
    timeZone,
    startDate: date,
    sendTime: hhmm(10 * 60 + aheadMinutes),
    clockOffsetMs: target.getTime() - now.getTime(),
  };
}
