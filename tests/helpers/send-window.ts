import { SEND_WINDOW } from '../../src/shared/constants';

/**
 * The send window read with Intl alone, minute by minute: an oracle for quiet-hours.ts, which
 * works on the calendar instead.
 */

const clocks = new Map<string, Intl.DateTimeFormat>();

/** Whether `at` is inside the window ending at `latest` on every zone's clock. */
export function inSendWindow(
  at: Date | number,
  zones: readonly string[],
  latest: string = SEND_WINDOW.latest,
): boolean {
  return zones.every((zone) => {
    let clock = clocks.get(zone);
    if (!clock) {
      clock = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      clocks.set(zone, clock);
    }
    const time = clock.format(at);
    return time >= SEND_WINDOW.earliest && time <= latest;
  });
}
