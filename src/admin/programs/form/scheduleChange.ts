import type { Program } from '../../../shared/program';
import type { ProgramFormValues, ProgramPayload } from './programFormValues';
import { changeCounts, scheduleOf, sentBefore } from './scheduleTiming';

/** Whether the values move the program's messages: another date, time, zone or product. */
function movesSchedule(saved: ProgramFormValues, payload: ProgramPayload): boolean {
  return (
    payload.startDate !== saved.startDate ||
    payload.sendTime !== saved.sendTime ||
    payload.timeZone !== saved.timeZone ||
    (payload.productId ?? '') !== saved.productId
  );
}

/**
 * The counts the confirmation shows when saving would move the messages of a program that has
 * started sending (running, or paused after some went out); null when no confirmation is needed.
 * `days` is the new product's days.
 */
export function scheduleChangeToConfirm(
  program: Program,
  saved: ProgramFormValues,
  payload: ProgramPayload,
  days: number | null,
  now: Date,
): { sent: number; toCome: number } | null {
  if (program.status !== 'running' && program.status !== 'paused') return null;
  if (!movesSchedule(saved, payload)) return null;
  const before = scheduleOf({
    startDate: program.startDate,
    sendTime: program.sendTime,
    timeZone: program.timeZone,
    days: program.productDays,
  });
  const after = scheduleOf({ ...payload, days: payload.productId ? days : null });
  const counts = changeCounts(before, after, sentBefore(program, now), now);
  if (program.status === 'paused' && counts.sent === 0) return null;
  return counts;
}
