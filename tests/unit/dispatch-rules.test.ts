import { describe, expect, it } from 'vitest';
import { DELIVERY_RETRY } from '../../src/shared/delivery';
import { serverTexts } from '../../src/server/texts';
import { retryDelayMs } from '../../src/server/delivery/backoff';
import { isPastCutoff, tooLateText } from '../../src/server/delivery/cutoff';
import { formatDuration } from '../../src/shared/format';
import { slotOffsetsMs, reservationMs } from '../../src/server/delivery/pacing';
import { quietHoursEnd } from '../../src/server/delivery/quiet-hours';
import { wallClock } from '../../src/shared/schedule';
import { classifyTwilioError } from '../../src/server/delivery/twilio-errors';

/** A Twilio RestException as the `twilio` package throws it. */
const rest = (status: number, code?: number) =>
  Object.assign(new Error(`Twilio says ${code ?? status}`), { status, code });
/** A Node network error. */
const network = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

describe('which provider failures are retried', () => {
  it.each([
    ['HTTP 429', rest(429, 20429)],
    ['HTTP 429 without a code', rest(429)],
    ['Twilio 30022 rate limit', rest(400, 30022)],
    ['HTTP 500', rest(500)],
    ['HTTP 503', rest(503, 20503)],
    ['connection refused', network('ECONNREFUSED')],
    ['no DNS answer', network('EAI_AGAIN')],
  ])('retries %s', (_, error) => {
    expect(classifyTwilioError(error)).toMatchObject({ ok: false, retryable: true });
  });

  it.each([
    ['21211 invalid number', rest(400, 21211)],
    ['21408 region not enabled', rest(400, 21408)],
    ['21614 not a mobile number', rest(400, 21614)],
    ['401 bad credentials', rest(401, 20003)],
  ])('never retries %s', (_, error) => {
    const refused = classifyTwilioError(error);
    expect(refused).toMatchObject({ ok: false, retryable: false, optedOut: false });
    expect(refused.uncertain).toBeFalsy();
  });

  it('marks 21610 as the recipient having opted out, not to be retried', () => {
    expect(classifyTwilioError(rest(400, 21610))).toMatchObject({
      retryable: false,
      optedOut: true,
      errorCode: '21610',
      errorMessage: 'Twilio says 21610',
    });
  });

  it.each(['ETIMEDOUT', 'ECONNRESET', 'ECONNABORTED'])(
    'calls %s uncertain: the message may have reached Twilio, so it is not sent again',
    (code) => {
      expect(classifyTwilioError(network(code))).toMatchObject({
        retryable: false,
        uncertain: true,
        errorCode: code,
      });
    },
  );
});

describe('the retry backoff', () => {
  it('doubles the wait after each failure, between half and all of it (jitter)', () => {
    const low = [1, 2, 3].map((attempts) => retryDelayMs(attempts, () => 0));
    const high = [1, 2, 3].map((attempts) => retryDelayMs(attempts, () => 0.999_999));
    const first = DELIVERY_RETRY.firstDelayMs;
    expect(low).toEqual([first / 2, first, first * 2]);
    high.forEach((delay, i) => expect(delay).toBeCloseTo(first * 2 ** i, -1));
  });

  it('never waits longer than the longest delay', () => {
    const delays = Array.from({ length: DELIVERY_RETRY.maxAttempts - 1 }, (_, i) =>
      retryDelayMs(i + 1, () => 0.999_999),
    );
    for (const delay of delays) expect(delay).toBeLessThanOrEqual(DELIVERY_RETRY.maxDelayMs);
  });

  it('gives up after the last attempt', () => {
    expect(retryDelayMs(DELIVERY_RETRY.maxAttempts - 1)).not.toBeNull();
    expect(retryDelayMs(DELIVERY_RETRY.maxAttempts)).toBeNull();
  });
});

describe('pacing a sender to its messages per second', () => {
  it('spaces messages by their segments: 10 per second, a 3-segment message takes 300 ms', () => {
    expect(slotOffsetsMs([1, 3, 1, 2], 10)).toEqual([0, 100, 400, 500]);
    expect(reservationMs([1, 3, 1, 2], 10)).toBe(700);
  });

  it('counts a message of no segments (media only) as one', () => {
    expect(slotOffsetsMs([0, 0], 4)).toEqual([0, 250]);
  });

  it('sends everything at once when unlimited (0)', () => {
    expect(slotOffsetsMs([1, 5, 2], 0)).toEqual([0, 0, 0]);
    expect(reservationMs([1, 5, 2], 0)).toBe(0);
  });
});

describe('quiet hours', () => {
  const zone = 'America/New_York';
  const at = (iso: string) => new Date(iso);

  it('reads the clock of the zone', () => {
    expect(wallClock(at('2026-03-08T06:59:00Z'), zone)).toEqual({
      date: '2026-03-08',
      time: '01:59',
    });
  });

  it('lets a message go between 08:00 and 21:00 local time, both included', () => {
    expect(quietHoursEnd(at('2026-06-01T12:00:00Z'), zone)).toBeNull(); // 08:00 EDT
    expect(quietHoursEnd(at('2026-06-02T01:00:59Z'), zone)).toBeNull(); // 21:00:59 EDT
  });

  it('holds a message before 08:00 until 08:00 the same day', () => {
    expect(quietHoursEnd(at('2026-06-01T11:59:00Z'), zone)).toEqual(at('2026-06-01T12:00:00Z'));
  });

  it('holds a message after 21:00 until 08:00 the next day', () => {
    expect(quietHoursEnd(at('2026-06-02T01:01:00Z'), zone)).toEqual(at('2026-06-02T12:00:00Z'));
  });

  it('finds 08:00 across a daylight-saving change (EST on Saturday night, EDT on Sunday)', () => {
    // 22:00 EST on 7 March 2026; clocks spring forward at 02:00 on the 8th.
    expect(quietHoursEnd(at('2026-03-08T03:00:00Z'), zone)).toEqual(at('2026-03-08T12:00:00Z'));
    // 22:00 EDT on 31 October 2026; clocks fall back on 1 November.
    expect(quietHoursEnd(at('2026-11-01T02:00:00Z'), zone)).toEqual(at('2026-11-01T13:00:00Z'));
  });

  it('keeps each zone its own hours: 07:00 in Los Angeles is 10:00 in New York', () => {
    const instant = at('2026-06-01T14:00:00Z');
    expect(quietHoursEnd(instant, zone)).toBeNull();
    expect(quietHoursEnd(instant, 'America/Los_Angeles')).toEqual(at('2026-06-01T15:00:00Z'));
  });
});

describe('the cutoff', () => {
  it('expires a message only once its last moment has passed', () => {
    const expiresAt = new Date('2026-06-01T16:00:00Z');
    expect(isPastCutoff(expiresAt, new Date('2026-06-01T16:00:00Z'))).toBe(false);
    expect(isPastCutoff(expiresAt, new Date('2026-06-01T16:00:00.001Z'))).toBe(true);
    expect(isPastCutoff(null, new Date('2099-01-01T00:00:00Z'))).toBe(false);
  });

  it('says how late is too late in words', () => {
    expect(formatDuration(4 * 3_600_000)).toBe('4 hours');
    expect(formatDuration(3_600_000)).toBe('1 hour');
    expect(formatDuration(90 * 60_000)).toBe('90 minutes');
    expect(formatDuration(2 * 86_400_000)).toBe('2 days');
    expect(formatDuration(45_000)).toBe('45 seconds');
    expect(tooLateText(4 * 3_600_000)).toBe(
      serverTexts.delivery.tooLate.replace('%{cutoff}', '4 hours'),
    );
  });
});
