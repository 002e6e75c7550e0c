import type { Refused } from './provider';
import { OPTED_OUT_ERROR_CODE } from './status';

/**
 * Which Twilio failures are worth another try. Throttling (HTTP 429, Twilio 20429 "too many
 * requests", 30022 "rate limit exceeded", 14107 "outbound SMS rate limit") and Twilio's own outages
 * (5xx, 20500, 20503) pass; everything else Twilio refuses (21211 invalid number, 21610
 * unsubscribed, 21408 region not enabled, 21614 not a mobile number, ...) will be refused again.
 */
const RETRYABLE_TWILIO_CODES = new Set([20429, 30022, 14107, 20500, 20503]);

/** Connection errors raised before the request could reach Twilio: safe to send again. */
const NOT_SENT_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Errors after the request may have been sent (no answer in time): the outcome is uncertain. */
const UNCERTAIN_NETWORK_CODES = new Set([
  'ETIMEDOUT',
  'ECONNABORTED',
  'ESOCKETTIMEDOUT',
  // A connection cut after the request was written: Twilio may have taken the message.
  'ECONNRESET',
  'EPIPE',
]);

export function isRetryableTwilioFailure(httpStatus: number | undefined, code: number | undefined) {
  if (code !== undefined && RETRYABLE_TWILIO_CODES.has(code)) return true;
  if (httpStatus === 429) return true;
  return httpStatus !== undefined && httpStatus >= 500;
}

interface TwilioLikeError {
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

/** What a failed `messages.create` (a RestException or a network error) means for the message. */
export function classifyTwilioError(error: unknown): Refused {
  const e = (error ?? {}) as TwilioLikeError;
  const message = typeof e.message === 'string' && e.message ? e.message : String(error);
  if (typeof e.status === 'number') {
    const code = typeof e.code === 'number' ? e.code : undefined;
    const errorCode = code === undefined ? String(e.status) : String(code);
    return {
      ok: false,
      retryable: isRetryableTwilioFailure(e.status, code),
      errorCode,
      errorMessage: message,
      optedOut: errorCode === OPTED_OUT_ERROR_CODE,
    };
  }
  const networkCode = typeof e.code === 'string' ? e.code : undefined;
  if (networkCode && UNCERTAIN_NETWORK_CODES.has(networkCode)) {
    return {
      ok: false,
      retryable: false,
      uncertain: true,
      errorCode: networkCode,
      errorMessage: message,
    };
  }
  return {
    ok: false,
    // A network failure we cannot place is treated as not sent only when its code says so.
    retryable: networkCode === undefined || NOT_SENT_NETWORK_CODES.has(networkCode),
    errorCode: networkCode ?? null,
    errorMessage: message,
  };
}
