import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { LIMITS } from './constants';
import { messages } from './messages';

/**
 * The one phone rule of Tidings: the contact form, the contacts API, imports and Send Test MMS all
 * read a typed number here. The spec's digit counts come first, with its own messages; then the
 * number must be one libphonenumber-js, with its full ("max") metadata, calls valid, since a
 * number it cannot place in any country's numbering plan can never receive a text. What is stored
 * is its E.164 form. The full metadata, not the smaller "min" set, because only it knows each
 * country's number ranges: with "min", +1 503 555 010 or +49 787341724 merely look possible.
 */

/** The country whose national numbers are read without a country code (`503 555 0142`). */
export const DEFAULT_PHONE_COUNTRY = 'US';

/**
 * How stored phones are read; a change here (or a new libphonenumber-js) makes the server check
 * every stored phone again at its next start (server/services/stored-phones.ts).
 */
export const PHONE_RULE_VERSION = 1;

/** The digits of a phone number as typed, without spaces, dashes, brackets or the plus. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

/**
 * 00 is the international call prefix of most of the world (ITU-T E.164), so `0044 7911 123456`
 * is +44 7911 123456, not a US number. The US prefix, 011, libphonenumber reads itself.
 */
const INTERNATIONAL_00 = /^\s*00/;

type PhoneReading = { e164: string; problem: null } | { e164: null; problem: string };

/** A typed phone number read by the rule above: its E.164 form, or the message saying why not. */
function readPhone(phone: string): PhoneReading {
  const text = phone.replace(INTERNATIONAL_00, '+');
  const typed = digitCountProblem(text);
  if (typed) return { e164: null, problem: typed };
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
  // An extension ("ext. 12") would be dropped from the stored number: no text reaches one.
  if (!parsed?.isValid() || parsed.ext) {
    return { e164: null, problem: messages.contacts.phoneInvalid };
  }
  // A prefix that is not the number's (011, a trunk 0) counted above; the number itself must
  // have the spec's digits too, so that a stored number always passes this rule again.
  const stored = digitCountProblem(parsed.number);
  return stored ? { e164: null, problem: stored } : { e164: parsed.number, problem: null };
}

/** The spec's rule (section 5): 10 to 15 digits, counting digits only. */
function digitCountProblem(text: string): string | null {
  const digits = phoneDigits(text).length;
  if (digits < LIMITS.phoneDigitsMin) return messages.contacts.phoneTooShort;
  if (digits > LIMITS.phoneDigitsMax) return messages.contacts.phoneTooLong;
  return null;
}

/** Why a typed phone number cannot be stored, or null when it can. */
export const phoneProblem = (phone: string): string | null => readPhone(phone).problem;

/**
 * The E.164 form a phone is stored in. Only for numbers phoneProblem accepted; anything else comes
 * back trimmed, as typed, so that a stored number is never changed behind anyone's back.
 */
export const toE164 = (phone: string): string => readPhone(phone).e164 ?? phone.trim();

/**
 * A stored phone that the rule would not store as it is: written before the rule, or read
 * differently by newer numbering plans. Such phones are flagged, never rewritten.
 */
export const phoneNeedsAttention = (stored: string | null): boolean =>
  stored !== null && stored !== '' && readPhone(stored).e164 !== stored;
