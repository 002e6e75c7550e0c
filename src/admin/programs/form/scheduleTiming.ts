import { TIME_ZONES } from '../../../shared/constants';
import type { Program } from '../../../shared/responses/programs';
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
 * The instant that splits a schedule into past and to come: `now`, or for a paused program the
 * moment it was paused, since nothing has been due since. Past means due, not sent: only the
 * outbox (the program's `messagesSent`) says what was sent.
 */
export function dueCutoff(program: Program | undefined, now: Date): Date {
  if (program?.status !== 'paused' || !program.pausedAt) return now;
  const paused = new Date(program.pausedAt);
  return paused < now ? paused : now;
}

/**
 * The days of a schedule, each marked past or to come at `cutoff`. A day the outbox says was sent
 * (`daysSent`) is past wherever the schedule now puts it: it is never sent again. The schedule
 * preview's rows and the change dialog's count both come from here, so the two cannot disagree.
 */
export function daysAt(
  schedule: ProgramSchedule,
  cutoff: Date,
  daysSent: readonly number[] = [],
): (ScheduleDay & { past: boolean })[] {
  return programSchedule(schedule).map((day) => ({
    ...day,
    past: day.sendAt < cutoff || daysSent.includes(day.day),
  }));
}

/** How many days of a schedule are to come at `cutoff` (none without a schedule). */
export function toComeCount(
  schedule: ProgramSchedule | null,
  cutoff: Date,
  daysSent: readonly number[] = [],
): number {
  return schedule ? daysAt(schedule, cutoff, daysSent).filter((day) => !day.past).length : 0;
}
