import type { ProgramStatus } from './constants';
import { conclusionDay } from './product';

/**
 * The schedule of a program: day d of its product (0 = pre-message, 1..N, N+1 = conclusion) goes
 * out at the send time on start date + d CALENDAR days in the program's time zone. Days are added
 * to the local date, never as 24-hour blocks, so 9:00 stays 9:00 across daylight-saving changes.
 * The console's preview and the delivery engine both use this file.
 */

/**
 * A calendar date, `YYYY-MM-DD`. Rows stored before start dates were bounded may hold any date
 * PostgreSQL can: it writes years past 9999 with more digits and dates before year 1 with a
 * ` BC` suffix (`4713-01-01 BC`). Every function here takes those too, so no stored row can make
 * the schedule throw.
 */
export type LocalDate = string;
/** A wall-clock time, `HH:MM` (24-hour). */
export type LocalTime = string;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const STORED_DATE = /^(\d{4,})-(\d{2})-(\d{2})( BC)?$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

/** A date as numbers; the year is astronomical (1 BC is year 0, 2 BC year -1). */
interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The date a string names (as the API or PostgreSQL writes it), or null. */
function civilOf(value: string): CivilDate | null {
  const match = STORED_DATE.exec(value);
  if (!match) return null;
  const [, y, m, d, bc] = match;
  const date = { year: bc ? 1 - Number(y) : Number(y), month: Number(m), day: Number(d) };
  const valid =
    date.month >= 1 &&
    date.month <= 12 &&
    date.day >= 1 &&
    date.day <= daysInMonth(date.year, date.month);
  return valid ? date : null;
}

/**
 * Days since 1970-01-01 (proleptic Gregorian calendar, as PostgreSQL counts). Plain arithmetic
 * rather than Date, which stops at the year 275760 and reads years 0-99 as 1900-1999.
 */
function dayNumber({ year, month, day }: CivilDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function civilOfDayNumber(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * mp + 2) / 5) + 1,
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** As PostgreSQL writes it, so a date read from the database and one computed here compare. */
function formatCivil({ year, month, day }: CivilDate): LocalDate {
  const date = `${pad(year >= 1 ? year : 1 - year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  return year >= 1 ? date : `${date} BC`;
}

/** A date as the API takes it: `YYYY-MM-DD`, a real day of a year from 1 to 9999. */
export function isLocalDate(value: string): boolean {
  const date = DATE.test(value) ? civilOf(value) : null;
  return date !== null && date.year >= 1;
}

export const isLocalTime = (value: string): boolean => TIME.test(value);

/** The day number of a date (days since 1970-01-01), or null for a string that is no date. */
function dayNumberOf(date: LocalDate): number | null {
  const civil = civilOf(date);
  return civil && dayNumber(civil);
}

/** The date of a day number. */
const dateOfDayNumber = (days: number): LocalDate => formatCivil(civilOfDayNumber(days));

/** Today's date in UTC. */
export const utcToday = (now: Date = new Date()): LocalDate =>
  dateOfDayNumber(Math.floor(now.getTime() / DAY_MS));

/**
 * `date` plus `days` calendar days (negative: earlier), for any date PostgreSQL can hold. A
 * string that is no date is a programming error, not data: it throws.
 */
export function addDays(date: LocalDate, days: number): LocalDate {
  const start = dayNumberOf(date);
  if (start === null) throw new RangeError(`Not a date: ${date}`);
  return dateOfDayNumber(start + days);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier); throws for a non-date. */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  const start = dayNumberOf(from);
  const end = dayNumberOf(to);
  if (start === null || end === null) throw new RangeError(`Not a date: ${from} or ${to}`);
  return end - start;
}

/** `date` plus `years` years; 29 February becomes 1 March in a year without one. */
export function addYears(date: LocalDate, years: number): LocalDate {
  const civil = civilOf(date);
  if (!civil) throw new RangeError(`Not a date: ${date}`);
  // The day count of 29 February in a common year is that of 1 March.
  return formatCivil(civilOfDayNumber(dayNumber({ ...civil, year: civil.year + years })));
}

/** Milliseconds since the epoch of a wall-clock time read as UTC; NaN past Date's range. */
function utcMs(date: CivilDate, hours: number, minutes: number, seconds = 0): number {
  const ms = dayNumber(date) * DAY_MS + ((hours * 60 + minutes) * 60 + seconds) * 1000;
  return Math.abs(ms) <= 8.64e15 ? ms : Number.NaN;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** What the clock and calendar in `timeZone` show at `instant` (years counted astronomically). */
function wallParts(instant: number, timeZone: string) {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const year = Number(parts.year);
  return {
    year: parts.era === 'BC' ? 1 - year : year,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at `instant`, in minutes (e.g. -420 for PDT). */
function offsetMinutes(instant: number, timeZone: string): number {
  const wall = wallParts(instant, timeZone);
  const asUtc = utcMs(
    { year: wall.year, month: Number(wall.month), day: Number(wall.day) },
    Number(wall.hour),
    Number(wall.minute),
    Number(wall.second),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The date and time (to the minute) that the clock in `timeZone` shows at `at`. */
export function wallClock(at: Date, timeZone: string): { date: LocalDate; time: LocalTime } {
  const wall = wallParts(at.getTime(), timeZone);
  return {
    date: `${String(wall.year).padStart(4, '0')}-${wall.month}-${wall.day}`,
    time: `${wall.hour}:${wall.minute}`,
  };
}

/**
 * `at` as the clock in `timeZone` shows it, to the millisecond, with the zone's offset from UTC
 * (ISO 8601): '2026-01-15T09:30:00.000-08:00'. The same instant as `toISOString()`, read as people
 * there read it.
 */
export function zonedIsoString(at: Date, timeZone: string): string {
  const instant = at.getTime();
  const wall = wallParts(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const millis = pad(((instant % 1000) + 1000) % 1000, 3);
  return `${pad(wall.year, 4)}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}:${wall.second}.${millis}${zone}`;
}

/**
 * The instant at which the clock in `timeZone` shows `date` `time`. For a time that a
 * daylight-saving change skips or repeats (only between 1 and 3 am in the zones Tidings offers,
 * outside the send window) the later offset is used. An Invalid Date when `date` is no date or
 * lies beyond what Date can hold (the year 275760).
 */
export function zonedInstant(date: LocalDate, time: LocalTime, timeZone: string): Date {
  const civil = civilOf(date);
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = civil ? utcMs(civil, hh, mm) : Number.NaN;
  if (Number.isNaN(wall)) return new Date(Number.NaN);
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  const second = wall - offsetMinutes(first, timeZone) * 60_000;
  return new Date(second);
}

export interface ScheduleDay {
  /** 0 = pre-message, 1..N, N+1 = conclusion. */
  day: number;
  date: LocalDate;
  sendAt: Date;
}

export interface ProgramSchedule {
  startDate: LocalDate;
  sendTime: LocalTime;
  timeZone: string;
  /** The product's days (N); the schedule has N + 2 messages. */
  days: number;
}

/** When day `day` of the program goes out. */
export function sendTimeOfDay(schedule: ProgramSchedule, day: number): ScheduleDay {
  const date = addDays(schedule.startDate, day);
  return { day, date, sendAt: zonedInstant(date, schedule.sendTime, schedule.timeZone) };
}

/** Every message of the program, day 0 to the conclusion, with its date and instant. */
export function programSchedule(schedule: ProgramSchedule): ScheduleDay[] {
  return Array.from({ length: conclusionDay(schedule.days) + 1 }, (_, day) =>
    sendTimeOfDay(schedule, day),
  );
}

/**
 * The last day of the program whose send time is at or before `at` (the conclusion at most), or
 * -1 when not even the pre-message is due. The local date of `at` is within a day of its UTC date,
 * so the answer is found by checking the few days around that one. For a program at the ends of
 * the calendar, far from `at`, the date alone decides.
 */
export function lastDayDue(schedule: ProgramSchedule, at: Date): number {
  const start = dayNumberOf(schedule.startDate);
  if (start === null) return -1;
  const last = conclusionDay(schedule.days);
  const utcDay = Math.floor(at.getTime() / DAY_MS) - start;
  if (utcDay < -1) return -1;
  if (utcDay > last + 1) return last;
  // Day utcDay - 2 falls on a local date before that of `at` in every zone: it is due.
  for (let day = Math.min(utcDay + 1, last); day >= Math.max(0, utcDay - 2); day--) {
    if (sendTimeOfDay(schedule, day).sendAt <= at) return day;
  }
  return -1;
}

/**
 * Every zone's clock is within a day of UTC's (offsets run from -12 to +14 hours), so a local date
 * two days or more from UTC's today is wholly in the future, or wholly in the past, wherever it
 * is. The status rule here and its SQL twin (server/services/programs.ts) decide such dates by the
 * date alone.
 */
export const ZONE_DAY_MARGIN = 2;

export interface StatusInput {
  hasProduct: boolean;
  schedule: ProgramSchedule | null;
  paused: boolean;
  /**
   * A rolling program's enrollment: its last day 0 (`endsOn`), or null while it stays open. Its
   * days run from the start date until the last one enrolled on `endsOn` has had the conclusion.
   */
  rolling?: { endsOn: LocalDate | null };
}

/**
 * Draft: no product or no start date. Paused: stopped by staff (until resumed). Otherwise by the
 * clock: Scheduled before the pre-message goes out, Running until the conclusion has gone out,
 * Completed after. A rolling program's last conclusion is that of day 0 on its enrollment's last
 * date; with enrollment open it never completes. Its SQL twin, `programStatusSqlAt` in server/services/programs.ts, filters and
 * sorts lists; tests/api/program-status-rule.test.ts holds the two equal.
 */
export function programStatus(input: StatusInput, now: Date = new Date()): ProgramStatus {
  if (!input.hasProduct || !input.schedule) return 'draft';
  if (input.paused) return 'paused';
  const start = dayNumberOf(input.schedule.startDate);
  // Not a date at all (the database never gives one): as good as no start date.
  if (start === null) return 'draft';
  // Far from today the zone cannot change the answer, so no instant is computed: a start date
  // in the year 5874897 or 4713 BC has none that Date can hold.
  const today = Math.floor(now.getTime() / DAY_MS);
  if (start >= today + ZONE_DAY_MARGIN) return 'scheduled';
  // The last day 0: a rolling program's enrollment end (none: open), else the start date.
  const lastStartDate = input.rolling ? input.rolling.endsOn : input.schedule.startDate;
  const lastStart = lastStartDate === null ? null : dayNumberOf(lastStartDate);
  const conclusion = conclusionDay(input.schedule.days);
  if (lastStart !== null && lastStart + conclusion <= today - ZONE_DAY_MARGIN) return 'completed';
  const first = sendTimeOfDay(input.schedule, 0).sendAt;
  if (now < first) return 'scheduled';
  if (lastStart === null) return 'running';
  const last = sendTimeOfDay({ ...input.schedule, startDate: lastStartDate! }, conclusion).sendAt;
  if (now < last) return 'running';
  return 'completed';
}
