import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { LIMITS } from './constants';
import { messages } from './messages';

/** The digits of a phone number as typed, without spaces, dashes, brackets or the plus. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

/** The spec's phone rule (section 5): 10 to 15 digits, counting digits only. */
export function phoneProblem(phone: string): string | null {
  const digits = phoneDigits(phone).length;
  if (digits < LIMITS.phoneDigitsMin) return messages.contacts.phoneTooShort;
  if (digits > LIMITS.phoneDigitsMax) return messages.contacts.phoneTooLong;
  return null;
}

/**
 * A phone number in E.164 (+14155550123). Numbers without a country code are taken as US numbers
 * (+1). libphonenumber reads national formats and trunk prefixes ("+44 (0)20 ..."); a number it
 * cannot place is kept as its digits after a plus, since the spec's only rule is the digit count
 * and the SMS provider is the final judge of whether a number can receive messages.
 */
export function toE164(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (parsed?.isPossible()) return parsed.number;
  const digits = phoneDigits(phone);
  if (phone.trim().startsWith('+')) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}
