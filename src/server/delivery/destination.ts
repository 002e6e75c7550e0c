import { getCountry } from 'countries-and-timezones';
import { getCountries, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/metadata.max.json';
import { countryList, countryName } from '../../shared/countries';
import { formatMessage } from '../../shared/format';
import { serverTexts } from '../texts';

/**
 * Where a number is: its country, as libphonenumber's full metadata tells it (a +1 number by its
 * area code: +1 876 is Jamaica, +1 416 Canada). A number the metadata cannot place within its
 * calling code (+44 7700 900123, a drama number) is taken to be in the code's main country (the UK);
 * a calling code that exists nowhere places it nowhere (undefined).
 */
export function phoneCountry(phone: string): string | undefined {
  const parsed = parsePhoneNumberFromString(phone);
  if (parsed?.country) return parsed.country;
  const code = parsed?.countryCallingCode;
  const main = code
    ? (metadata.country_calling_codes as Record<string, string[]>)[code]?.[0]
    : undefined;
  return main;
}

/** Every ISO 3166-1 alpha-2 code libphonenumber knows: what SMS_ALLOWED_COUNTRIES may list. */
export const PHONE_COUNTRIES: ReadonlySet<string> = new Set(getCountries());

/**
 * Why Tidings will not text `phone` (SMS_ALLOWED_COUNTRIES: a number in another country, or in
 * none it can tell), or null when it may. Limits what any message can cost, and who can be
 * reached, to the countries the program runs in (SMS pumping sends to numbers abroad).
 */
export function destinationRefusal(phone: string, allowed: readonly string[]): string | null {
  const country = phoneCountry(phone);
  if (country && allowed.includes(country)) return null;
  const countries = countryList(allowed);
  return country
    ? formatMessage(serverTexts.delivery.countryNotAllowed, {
        country: countryName(country),
        countries,
      })
    : formatMessage(serverTexts.delivery.countryUnknown, { countries });
}

const zonesByCountry = new Map<string, string[]>();

/**
 * The time zones of the number's country, for quiet hours when nothing closer is known of where
 * its owner is: a message waits until it is daytime in every one of them. Zones this Node.js does
 * not know are left out; a number placed nowhere has none.
 */
export function phoneTimeZones(phone: string): string[] {
  const country = phoneCountry(phone);
  if (!country) return [];
  let zones = zonesByCountry.get(country);
  if (!zones) {
    zones = (getCountry(country)?.timezones ?? []).filter(isKnownZone);
    zonesByCountry.set(country, zones);
  }
  return zones;
}

const knownZones = new Map<string, boolean>();

/**
 * Whether this Node.js knows the IANA zone (a dataset may name one newer than its ICU). Asked for
 * each recipient a planner places, so each zone is tried once.
 */
export function isKnownZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
}
