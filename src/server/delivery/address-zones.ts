import { DEFAULT_COUNTRY } from '../../shared/constants';

/**
 * The time zones of a US state or a Canadian province, for quiet hours when a contact's address
 * says where they live: a message to them waits until it is daytime in every zone of their state
 * (most have one; Florida, Texas, Ontario and a few others have two or more). Anything else (no
 * state, another country, a state this table does not know) tells nothing, and the number's
 * country decides instead (destination.ts).
 */

type Region = readonly [code: string, name: string, zones: readonly string[]];

const NY = 'America/New_York';
const CHI = 'America/Chicago';
const DEN = 'America/Denver';
const LA = 'America/Los_Angeles';

const US_STATES: readonly Region[] = [
  ['AL', 'Alabama', [CHI]],
  ['AK', 'Alaska', ['America/Anchorage', 'America/Adak']],
  ['AZ', 'Arizona', ['America/Phoenix']],
  ['AR', 'Arkansas', [CHI]],
  ['CA', 'California', [LA]],
  ['CO', 'Colorado', [DEN]],
  ['CT', 'Connecticut', [NY]],
  ['DE', 'Delaware', [NY]],
  ['DC', 'District of Columbia', [NY]],
  ['FL', 'Florida', [NY, CHI]],
  ['GA', 'Georgia', [NY]],
  ['HI', 'Hawaii', ['Pacific/Honolulu']],
  ['ID', 'Idaho', ['America/Boise', LA]],
  ['IL', 'Illinois', [CHI]],
  ['IN', 'Indiana', ['America/Indiana/Indianapolis', CHI]],
  ['IA', 'Iowa', [CHI]],
  ['KS', 'Kansas', [CHI, DEN]],
  ['KY', 'Kentucky', [NY, CHI]],
  ['LA', 'Louisiana', [CHI]],
  ['ME', 'Maine', [NY]],
  ['MD', 'Maryland', [NY]],
  ['MA', 'Massachusetts', [NY]],
  ['MI', 'Michigan', ['America/Detroit', 'America/Menominee']],
  ['MN', 'Minnesota', [CHI]],
  ['MS', 'Mississippi', [CHI]],
  ['MO', 'Missouri', [CHI]],
  ['MT', 'Montana', [DEN]],
  ['NE', 'Nebraska', [CHI, DEN]],
  ['NV', 'Nevada', [LA, DEN]],
  ['NH', 'New Hampshire', [NY]],
  ['NJ', 'New Jersey', [NY]],
  ['NM', 'New Mexico', [DEN]],
  ['NY', 'New York', [NY]],
  ['NC', 'North Carolina', [NY]],
  ['ND', 'North Dakota', [CHI, DEN]],
  ['OH', 'Ohio', [NY]],
  ['OK', 'Oklahoma', [CHI]],
  ['OR', 'Oregon', [LA, 'America/Boise']],
  ['PA', 'Pennsylvania', [NY]],
  ['RI', 'Rhode Island', [NY]],
  ['SC', 'South Carolina', [NY]],
  ['SD', 'South Dakota', [CHI, DEN]],
  ['TN', 'Tennessee', [CHI, NY]],
  ['TX', 'Texas', [CHI, DEN]],
  ['UT', 'Utah', [DEN]],
  ['VT', 'Vermont', [NY]],
  ['VA', 'Virginia', [NY]],
  ['WA', 'Washington', [LA]],
  ['WV', 'West Virginia', [NY]],
  ['WI', 'Wisconsin', [CHI]],
  ['WY', 'Wyoming', [DEN]],
];

const CA_PROVINCES: readonly Region[] = [
  ['AB', 'Alberta', ['America/Edmonton']],
  ['BC', 'British Columbia', ['America/Vancouver', 'America/Edmonton']],
  ['MB', 'Manitoba', ['America/Winnipeg']],
  ['NB', 'New Brunswick', ['America/Moncton']],
  ['NL', 'Newfoundland and Labrador', ['America/St_Johns', 'America/Goose_Bay']],
  ['NS', 'Nova Scotia', ['America/Halifax']],
  ['NT', 'Northwest Territories', ['America/Edmonton']],
  ['NU', 'Nunavut', ['America/Iqaluit', 'America/Rankin_Inlet', 'America/Cambridge_Bay']],
  ['ON', 'Ontario', ['America/Toronto', 'America/Winnipeg']],
  ['PE', 'Prince Edward Island', ['America/Halifax']],
  ['QC', 'Quebec', ['America/Toronto', 'America/Halifax']],
  ['SK', 'Saskatchewan', ['America/Regina']],
  ['YT', 'Yukon', ['America/Whitehorse']],
];

/** A state's code or name, as people write it: 'OR', 'or', 'Oregon', ' oregon ', 'Québec'. */
const key = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\./g, '');

const byCountry = (regions: readonly Region[]) =>
  new Map(
    regions.flatMap(([code, name, zones]) => [
      [key(code), zones] as const,
      [key(name), zones] as const,
    ]),
  );

/** By the country as a contact's address names it, and by its ISO code. */
const COUNTRIES = new Map<string, ReadonlyMap<string, readonly string[]>>([
  ['us', byCountry(US_STATES)],
  ['ca', byCountry(CA_PROVINCES)],
]);
const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map([
  ['united states', 'us'],
  ['united states of america', 'us'],
  ['usa', 'us'],
  ['us', 'us'],
  ['canada', 'ca'],
  ['ca', 'ca'],
]);

/**
 * The ISO code ('US', 'CA') of an address's country as written, when it is one of this table's. A
 * blank country is the default one, as the contact form and imports take it.
 */
export const addressCountry = (country: string): string | undefined =>
  COUNTRY_NAMES.get(key(country || DEFAULT_COUNTRY))?.toUpperCase();

/** The zones of the address's state, or null when the address does not tell. */
export function addressTimeZones(address: { country: string; state: string }): string[] | null {
  const country = addressCountry(address.country)?.toLowerCase();
  const zones = country ? COUNTRIES.get(country)?.get(key(address.state)) : undefined;
  return zones ? [...zones] : null;
}

const US_STATE_CODES = new Map(
  US_STATES.flatMap(([code, name]) => [[key(code), code] as const, [key(name), code] as const]),
);

/** The two-letter code of a US state as people write it ('fl', 'Florida'), or undefined. */
export const usStateCode = (text: string): string | undefined => US_STATE_CODES.get(key(text));
