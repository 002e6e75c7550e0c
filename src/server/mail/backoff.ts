/**
 * How long a failed email waits before its next try: 1, 5, 15, then 60 minutes. A mail server that
 * is down for a moment costs a minute; one down for hours is not hammered. After the last wait the
 * next failure is final (`failed`), so an email is tried at most `MAX_EMAIL_ATTEMPTS` times.
 */
export const EMAIL_RETRY_DELAYS_MS = [1, 5, 15, 60].map((minutes) => minutes * 60 * 1000);

export const MAX_EMAIL_ATTEMPTS = EMAIL_RETRY_DELAYS_MS.length + 1;

/** The wait after the `attempts`-th failed try, or null when that failure is the last one. */
export function retryDelayMs(attempts: number): number | null {
  return EMAIL_RETRY_DELAYS_MS[attempts - 1] ?? null;
}
