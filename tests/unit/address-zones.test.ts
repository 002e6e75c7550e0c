import { getCountry } from 'countries-and-timezones';
import { describe, expect, it } from 'vitest';
import { addressCountry, addressTimeZones } from '../../src/server/delivery/address-zones';

/** The zones of an address's state, against the zones countries-and-timezones gives its country. */

const STATES = ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL']
  .concat(['IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE'])
  .concat(['NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD'])
  .concat(['TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY']);
const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];

describe("the zones of an address's state", () => {
  it.each([
    ['United States', STATES, 'US'],
    ['Canada', PROVINCES, 'CA'],
  ] as const)(
    'are known for every state of %s, and are zones of that country',
    (country, codes, iso) => {
      const zonesOfCountry = new Set<string>(getCountry(iso)!.timezones);
      for (const state of codes) {
        const zones = addressTimeZones({ country, state });
        expect(zones, state).not.toBeNull();
        for (const zone of zones!) {
          expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
          expect(zonesOfCountry.has(zone), `${state}: ${zone}`).toBe(true);
        }
      }
    },
  );

  it('reads a state by its code or its name, however it is written', () => {
    const oregon = ['America/Los_Angeles', 'America/Boise'];
    for (const state of ['OR', 'or', ' Oregon ', 'oregon']) {
      expect(addressTimeZones({ country: 'United States', state })).toEqual(oregon);
    }
    expect(addressTimeZones({ country: 'USA', state: 'Texas' })).toEqual([
      'America/Chicago',
      'America/Denver',
    ]);
    for (const state of ['Québec', 'quebec', 'QC']) {
      expect(addressTimeZones({ country: 'canada', state })).toEqual([
        'America/Toronto',
        'America/Halifax',
      ]);
    }
  });

  it('tells nothing without a state it knows, or in another country', () => {
    expect(addressTimeZones({ country: 'United States', state: '' })).toBeNull();
    expect(addressTimeZones({ country: 'United States', state: 'Atlantis' })).toBeNull();
    expect(addressTimeZones({ country: 'Mexico', state: 'Jalisco' })).toBeNull();
    expect(addressCountry('United States')).toBe('US');
    expect(addressCountry('Mexico')).toBeUndefined();
    // Names an object has of its own are no country: nothing to crash the planner on.
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      expect(addressCountry(name), name).toBeUndefined();
      expect(addressTimeZones({ country: name, state: name }), name).toBeNull();
    }
    // A blank country is the default one, as the contact form takes it.
    expect(addressTimeZones({ country: '', state: 'WA' })).toEqual(['America/Los_Angeles']);
  });
});
