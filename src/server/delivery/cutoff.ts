import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';

/**
 * The cutoff: a message not handed to the provider by its `expires_at` (its time plus
 * DELIVERY_CUTOFF, set when it is queued) is expired, never sent late. A message without one
 * (an opt-in request, a reply) is never too late.
 */
export const isPastCutoff = (expiresAt: Date | null, at: Date): boolean =>
  expiresAt !== null && expiresAt.getTime() < at.getTime();

const UNITS = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
] as const;

/** A whole duration in the largest unit that divides it: `4 hours`, `90 minutes`, `1 day`. */
export function describeDuration(ms: number): string {
  const [size, unit] = UNITS.find(([size]) => ms % size === 0) ?? UNITS[UNITS.length - 1]!;
  const count = Math.round(ms / size);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** Why an expired message was not sent, as its history and the console show it. */
export const tooLateText = (cutoffMs: number): string =>
  formatMessage(messages.delivery.tooLate, { cutoff: describeDuration(cutoffMs) });
