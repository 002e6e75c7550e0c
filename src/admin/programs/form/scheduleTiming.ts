import { TIME_ZONES } from '../../../shared/constants';
import type { Program } from '../../../shared/program';
import {
  isLocalDate,
  isLocalTime,
  programSchedule,
  type ProgramSchedule,
  type ScheduleDay,
} from '../../../shared/schedule';

/** The parts of a program that decide when its messages go out. */
export interface ScheduleInput {
  startDate: string | null;
  sendTime: string;
  timeZone: string;
  /** The product's days; null without a product. */
  days: number | null;
}

/** The schedule these values give, or null while one of them is missing or not valid yet. */
export function scheduleOf(input: ScheduleInput): ProgramSchedule | null {
  const { startDate, sendTime, timeZone, days } = input;
  if (days === null || !startDate || !isLocalDate(startDate) || !isLocalTime(sendTime)) return null;
  if (!(TIME_ZONES as readonly string[]).includes(timeZone)) return null;
  return { startDate, sendTime, timeZone, days };
}

/**
 * Messages before this instant have gone out: now, or for a paused program the moment it was
 * paused, since nothing has gone out since.
 */
export function sentBefore(program: Program | undefined, now: Date): Date {
  if (program?.status !== 'paused' || !program.pausedAt) return now;
  const paused = new Date(program.pausedAt);
  return paused < now ? paused : now;
}

export const isSent = (day: ScheduleDay, before: Date) => day.sendAt < before;

/** How many of the program's messages have gone out, and how many a new schedule leaves to come. */
export function changeCounts(
  before: ProgramSchedule | null,
  after: ProgramSchedule | null,
  cutoff: Date,
  now: Date,
) {
  return {
    sent: before ? programSchedule(before).filter((day) => isSent(day, cutoff)).length : 0,
    toCome: after ? programSchedule(after).filter((day) => day.sendAt > now).length : 0,
  };
}
