import { DELIVERY_RETRY } from '../../shared/delivery';

/**
 * The wait after a message's `attempts`-th transient failure, or null when that failure was its
 * last allowed attempt (the message then fails for good). Exponential, capped, and jittered
 * between half and all of the step ("equal jitter"), so a burst of messages throttled together
 * spreads out instead of hitting the provider together again.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number | null {
  if (attempts >= DELIVERY_RETRY.maxAttempts) return null;
  const step = Math.min(
    DELIVERY_RETRY.maxDelayMs,
    DELIVERY_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1),
  );
  return Math.round(step / 2 + (random() * step) / 2);
}
