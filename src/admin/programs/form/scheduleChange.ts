import type { Program } from '../../../shared/program';
import type { ProgramFormValues, ProgramPayload } from './programFormValues';
import { daysAt, scheduleOf, toComeCount } from './scheduleTiming';

/**
 * What the change dialog says: how many messages the outbox says were sent (they are never sent
 * again), and how many the new schedule has to come, counted as its preview counts them.
 */
export interface ChangeCounts {
  sent: number;
  toCome: number;
}

/** Whether the values move the program's messages: another date, time, zone or product. */
function movesSchedule(saved: ProgramFormValues, payload: ProgramPayload): boolean {
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
 * The counts the confirmation shows when saving would move the messages of a program under way
 * (running, or paused after it started); null when no confirmation is needed. `days` is the new
 * product's days; `cutoff` is the instant the preview marks past and to come at (`dueCutoff`).
 */
export function scheduleChangeToConfirm(
  program: Program,
  saved: ProgramFormValues,
  payload: ProgramPayload,
  days: number | null,
  cutoff: Date,
): ChangeCounts | null {
  if (program.status !== 'running' && program.status !== 'paused') return null;
  if (!movesSchedule(saved, payload)) return null;
  if (program.status === 'paused' && !startedBeforePause(program, cutoff)) return null;
  const after = scheduleOf({ ...payload, days: payload.productId ? days : null });
  return { sent: program.messagesSent, toCome: toComeCount(after, cutoff) };
}
