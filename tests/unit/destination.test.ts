import { getCountry } from 'countries-and-timezones';
import fc from 'fast-check';
import examples from 'libphonenumber-js/examples.mobile.json';
import {
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  destinationRefusal,
  phoneCountry,
  phoneTimeZones,
} from '../../src/server/delivery/destination';
import { quietHoursEndIn } from '../../src/server/delivery/quiet-hours';
import { inSendWindow } from '../helpers/send-window';

/**
 * Where a number is, against libphonenumber's own example numbers of every country; and the
 * quiet hours of a number's whole country, against a search of the clock minute by minute.
 */

const countries = getCountries();

describe("a number's country", () => {
  it("is the country of libphonenumber's example mobile number, for every country it has one of", () => {
    const elsewhere = countries.flatMap((country) => {
      const example = getExampleNumber(country, examples);
      if (!example) return [];
      const found = phoneCountry(example.number);
      if (found === country) return [];
      // A territory whose mobile numbers are its main country's (Åland's are Finland's): the
      // number is the main country's by libphonenumber's own ranges, and placed there.
      expect(parsePhoneNumberFromString(example.number)!.getPossibleCountries()).toEqual([found]);
      return [country];
    });
    expect(elsewhere.sort()).toEqual(['AX', 'BL', 'CC', 'CX', 'EH', 'IM', 'MF', 'SJ', 'VA']);
  });

  it("is the calling code's main country for a number its metadata cannot place", () => {
    expect(phoneCountry('+447700900123')).toBe('GB');
    expect(phoneCountry('+15555550100')).toBe('US');
    expect(phoneCountry('+79001234')).toBe('RU');
    expect(phoneCountry('+9991234567')).toBeUndefined();
  });

  it('is refused unless among the allowed countries, with the countries named', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...countries.filter((c) => getExampleNumber(c, examples))),
        fc.subarray(countries, { minLength: 1, maxLength: 4 }),
        (country, allowed) => {
          const number = getExampleNumber(country, examples)!.number;
          const placed = parsePhoneNumberFromString(number)!.country!;
          const refusal = destinationRefusal(number, allowed);
          expect(refusal === null).toBe(allowed.includes(placed));
        },
      ),
    );
    expect(destinationRefusal('+14165550123', ['US', 'CA'])).toBeNull();
    expect(destinationRefusal(`+${getCountryCallingCode('JM')}8765551234`, ['US', 'CA'])).toBe(
      'Tidings texts only numbers in United States and Canada (SMS_ALLOWED_COUNTRIES); this number is in Jamaica.',
    );
  });
});

const inWindow = (at: Date, zones: readonly string[]) => inSendWindow(at, zones);

const MINUTE = 60_000;
const STEP = 15 * MINUTE;

/**
 * The first moment from `at` inside every zone's window, found by walking the clock: in steps of
 * a quarter hour, then minute by minute inside the step that reached it (the window changes only
 * at whole minutes, and every window lasts hours).
 */
function searchedEnd(at: Date, zones: readonly string[]): Date | null | 'never' {
  if (inWindow(at, zones)) return null;
  let before = at.getTime();
  for (let t = before + STEP; t <= at.getTime() + 3 * 86_400_000; t += STEP) {
    if (inWindow(new Date(t), zones)) {
      for (let m = Math.floor(before / MINUTE) * MINUTE + MINUTE; m <= t; m += MINUTE) {
        if (inWindow(new Date(m), zones)) return new Date(m);
      }
    }
    before = t;
  }
  return 'never';
}

describe('the quiet hours of every zone of a country', () => {
  // Countries of many zones, and some of one; their windows all meet (the widest spans 10 hours).
  const spread = ['US', 'CA', 'AU', 'RU', 'BR', 'MX', 'ID', 'KZ', 'GB', 'IN', 'NZ', 'CL'];

  it('end at the first minute that is daytime everywhere in the country', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...spread),
        fc.date({
          min: new Date('2024-01-01T00:00:00Z'),
          max: new Date('2032-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (country, at) => {
          const zones = getCountry(country)!.timezones;
          expect(quietHoursEndIn(at, zones)).toEqual(searchedEnd(at, zones));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("are those of the number's country", () => {
    expect(phoneTimeZones('+15035550100')).toContain('Pacific/Honolulu');
    expect(phoneTimeZones('+15035550100')).toContain('America/New_York');
    expect(phoneTimeZones('+14165550123')).toContain('America/St_Johns');
    expect(phoneTimeZones('+9991234567')).toEqual([]);
    // 21:12 in Los Angeles: the next moment it is daytime in Honolulu and New York alike.
    expect(
      quietHoursEndIn(new Date('2026-11-27T05:12:00Z'), phoneTimeZones('+15035550100')),
    ).toEqual(new Date('2026-11-27T18:00:00Z'));
  });
});
