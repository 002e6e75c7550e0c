import type { Program } from '../../../shared/responses/programs';
import type { ProgramInput } from '../../../shared/validation/program';
import type { ProgramFormValues } from './programFormValues';
import { daysAt, scheduleOf, toComeCount } from './scheduleTiming';

/**
 * What the change dialog says: the days the outbox says were sent and their messages (never sent
 * again), and the days the new schedule has to come, counted as its preview counts them.
 */
export interface ChangeCounts {
  daysSent: number;
  messagesSent: number;
  daysToCome: number;
}

/** Whether the values move the program's messages: another date, time, zone or product. */
function movesSchedule(saved: ProgramFormValues, payload: ProgramInput): boolean {
  return (
    payload.startDate !== saved.startDate ||
    payload.sendTime !== saved.sendTime ||
    payload.timeZone !== saved.timeZone ||
    (payload.productId ?? '') !== saved.productId
  );
}

/** Whether a paused program was under way when paused: something sent, or its first day due. */
function startedBeforePause(program: Program, cutoff: Date): boolean {
  if (program.messagesSent > 0) return true;
  const stored = scheduleOf({
    startDate: program.startDate,
    sendTime: program.sendTime,
    timeZone: program.timeZone,
    days: program.productDays,
  });
  return stored !== null && daysAt(stored, cutoff).some((day) => day.past);
}

/**
 * Whether saving would move the messages of a program under way (running, or paused after it
 * started), so the user is asked first. `cutoff` is the instant the preview marks past and to
 * come at (`dueCutoff`).
 */
export function mustConfirmChange(
  program: Program,
  saved: ProgramFormValues,
  payload: ProgramInput,
  cutoff: Date,
): boolean {
  if (program.status !== 'running' && program.status !== 'paused') return false;
  if (!movesSchedule(saved, payload)) return false;
  return program.status === 'running' || startedBeforePause(program, cutoff);
}

/** What the confirmation says; `days` is the new product's days. */
export function changeCounts(
  program: Program,
  payload: ProgramInput,
  days: number | null,
  cutoff: Date,
): ChangeCounts {
  const after = scheduleOf({ ...payload, days: payload.productId ? days : null });
  return {
    daysSent: program.daysSent.length,
    messagesSent: program.messagesSent,
    daysToCome: toComeCount(after, cutoff, program.daysSent),
  };
}
