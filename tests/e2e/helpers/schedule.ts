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
 * The zone of the +1 503 (Oregon) numbers the browser tests send to. Quiet hours are the
 * recipient's, so the program runs on this zone's clock: a time inside the window elsewhere (say
 * 19:30 in Honolulu, 05:30 UTC) is 21:30 here, and the message would wait for the morning.
 */
const RECIPIENT_ZONE = 'America/Los_Angeles';

/**
 * A program schedule, in the recipients' zone, whose day 0 goes out about `aheadMinutes` from now,
 * inside the send window. When that zone's clock is inside the window now, the engine's clock is
 * the real one; otherwise it is moved to the next 10:00 there (TIDINGS_TEST_CLOCK_OFFSET_MS). A day whose
 * time had passed before the program was made is not sent, so day 0 lies ahead.
 */
export function chooseSchedule(aheadMinutes = 1, now = new Date()) {
  // The whole minute `aheadMinutes` on, or the one after when this one is nearly over.
  const ahead = aheadMinutes + (now.getUTCSeconds() >= 40 ? 1 : 0);
  const timeZone = RECIPIENT_ZONE;
  const { date, minutes } = wallMinutes(now, timeZone);
  if (minutes >= 8 * 60 && minutes + ahead <= 21 * 60) {
    return { timeZone, startDate: date, sendTime: hhmm(minutes + ahead), clockOffsetMs: 0 };
  }
  // The next 10:00 there: a program's day whose time had passed when it was made is never sent.
  const nextDay = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const startDate = minutes < 10 * 60 ? date : nextDay;
  const target = zonedInstant(startDate, '10:00', timeZone);
  return {
    timeZone,
    startDate,
    sendTime: hhmm(10 * 60 + aheadMinutes),
    clockOffsetMs: target.getTime() - now.getTime(),
  };
}
