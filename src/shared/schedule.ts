import type { ProgramStatus } from './constants';
import { conclusionDay } from './product';

/**
 * The schedule of a program: day d of its product (0 = pre-message, 1..N, N+1 = conclusion) goes
 * out at the send time on start date + d CALENDAR days in the program's time zone. Days are added
 * to the local date, never as 24-hour blocks, so 9:00 stays 9:00 across daylight-saving changes.
 * The console's preview and the delivery engine both use this file.
 */

/** A calendar date, `YYYY-MM-DD`. */
export type LocalDate = string;
/** A wall-clock time, `HH:MM` (24-hour). */
export type LocalTime = string;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isLocalDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const isLocalTime = (value: string): boolean => TIME.test(value);

/** `date` plus `days` calendar days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant`, in minutes (e.g. -420 for PDT). */
function offsetMinutes(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
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
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the clock in `timeZone` shows `date` `time`. For a time that a
 * daylight-saving change skips or repeats (only between 1 and 3 am in the zones Tidings offers,
 * outside the send window) the later offset is used.
 */
export function zonedInstant(date: LocalDate, time: LocalTime, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
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

export interface StatusInput {
  hasProduct: boolean;
  schedule: ProgramSchedule | null;
  paused: boolean;
}

/**
 * Draft: no product or no start date. Paused: stopped by staff (until resumed). Otherwise by the
 * clock: Scheduled before the pre-message goes out, Running until the conclusion has gone out,
 * Completed after.
 */
export function programStatus(input: StatusInput, now: Date = new Date()): ProgramStatus {
  if (!input.hasProduct || !input.schedule) return 'draft';
  if (input.paused) return 'paused';
  const first = sendTimeOfDay(input.schedule, 0).sendAt;
  const last = sendTimeOfDay(input.schedule, conclusionDay(input.schedule.days)).sendAt;
  if (now < first) return 'scheduled';
  if (now < last) return 'running';
  return 'completed';
}
