import fc from 'fast-check';
import {
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  isValidPhoneNumber,
  parsePhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/examples.mobile.json';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { phoneNeedsAttention, phoneProblem, toE164 } from '../../src/shared/phone';

/**
 * The phone rule, against its authority: libphonenumber-js with its full ("max") metadata. What
 * Tidings accepts, the library calls valid and stores as the library's E.164; what the library
 * calls valid, written in the forms Tidings reads (+ and the country code, 00 and the country
 * code, a US number without one), Tidings accepts. The spec's digit counts come first.
 */

const t = messages.contacts;
const RUNS = { numRuns: 400 };

/** Ways people write the gaps between digit groups. */
const gap = fc.constantFrom('', ' ', '-', '.', ' - ', '  ');

/** `digits` with a random gap after any digit, and the area code in brackets now and then. */
const written = (digits: string) =>
  fc
    .tuple(fc.array(gap, { minLength: digits.length, maxLength: digits.length }), fc.boolean())
    .map(([gaps, bracket]) => {
      const spaced = (part: string, from: number) =>
        [...part].map((digit, i) => digit + gaps[from + i]).join('');
      return bracket && digits.length > 3
        ? `(${digits.slice(0, 3)}) ${spaced(digits.slice(3), 3)}`
        : spaced(digits, 0);
    });

/** Every country libphonenumber has a mobile example for, with that example's digits. */
const EXAMPLES = getCountries().flatMap((country) => {
  const example = getExampleNumber(country, examples);
  return example ? [{ country, example }] : [];
});

/** A country's example number with some of its last digits changed: valid or not, as it falls. */
const exampleVariant = fc
  .tuple(fc.constantFrom(...EXAMPLES), fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 4 }))
  .map(([{ country, example }, tail]) => {
    const national = example.nationalNumber as string;
    const kept = national.slice(0, national.length - tail.length);
    return { country, national: kept + tail.join('') };
  });

/** Digits as written, international with +, international with 00, or national. */
const typedNumber = fc.oneof(
  exampleVariant
    .chain(({ country, national }) => {
      const code = getCountryCallingCode(country);
      return fc.tuple(fc.constantFrom('+', '00', '+ ', '00 '), written(code + national));
    })
    .map(([prefix, rest]) => prefix + rest),
  fc.stringMatching(/^[0-9]{8,17}$/).chain(written),
  fc.stringMatching(/^[0-9]{8,17}$/).chain((digits) => written(digits).map((d) => `+${d}`)),
  fc.stringMatching(/^1?[2-9][0-9]{2}[2-9][0-9]{6}$/).chain(written),
);

/** What Tidings makes of a typed number: the E.164 it stores, or the message saying why not. */
function readPhone(typed: string) {
  const problem = phoneProblem(typed);
  return { e164: problem === null ? toE164(typed) : null, problem };
}

const digitCount = (text: string) => text.replace(/\D/g, '').length;

/** The typed text as Tidings reads it: 00 is the international prefix, else a US number. */
const asRead = (typed: string) => typed.replace(/^\s*00/, '+');

/** Read again on its own, a stored number is valid, as E.164 writes it, with 10 to 15 digits. */
function expectStoredForm(e164: string) {
  expect(isValidPhoneNumber(e164)).toBe(true);
  expect(parsePhoneNumber(e164).number).toBe(e164);
  expect(e164).toMatch(/^\+[1-9]\d{9,14}$/);
}

describe('the phone rule', () => {
  it("refuses the numbers the older rule stored wrongly, with Tidings' message", () => {
    expect(readPhone('07911 123456')).toEqual({ e164: null, problem: t.phoneInvalid });
    expect(readPhone('49787341724')).toEqual({ e164: null, problem: t.phoneInvalid });
    expect(readPhone('+1 503 555 010')).toEqual({ e164: null, problem: t.phoneInvalid });
    // 00 is the international prefix: this is the UK mobile +44 7911 123456, not +0044…
    expect(readPhone('0044 7911 123456')).toEqual({ e164: '+447911123456', problem: null });
  });

  it('accepts the numbers the demo and the tests use, stored in E.164', () => {
    expect(readPhone('+1 503 555 0100')).toEqual({ e164: '+15035550100', problem: null });
    expect(toE164('(503) 555-0100')).toBe('+15035550100');
    expect(toE164('1-503-555-0100')).toBe('+15035550100');
    expect(toE164('+44 (0)20 7946 0958')).toBe('+442079460958');
    expect(toE164('011 44 7911 123456')).toBe('+447911123456');
  });

  it("says the spec's digit counts first", () => {
    expect(phoneProblem('555-0100')).toBe(t.phoneTooShort);
    expect(phoneProblem('+1 503 555 0100 12345')).toBe(t.phoneTooLong);
    expect(phoneProblem('503 555 0100 ext. 12')).toBe(t.phoneInvalid);
  });

  it('accepts only what libphonenumber-js (max) calls valid, stored as its E.164', () => {
    fc.assert(
      fc.property(typedNumber, (typed) => {
        const { e164, problem } = readPhone(typed);
        // The digits of the number, an international 00 not among them.
        const digits = digitCount(asRead(typed));
        if (digits < LIMITS.phoneDigitsMin) {
          expect(problem).toBe(t.phoneTooShort);
        } else if (digits > LIMITS.phoneDigitsMax) {
          expect(problem).toBe(t.phoneTooLong);
        } else if (e164 === null) {
          expect([t.phoneInvalid, t.phoneTooShort, t.phoneTooLong]).toContain(problem);
          const number = parsePhoneNumberFromString(asRead(typed), 'US');
          if (problem === t.phoneInvalid) expect(number?.isValid() && !number.ext).toBeFalsy();
        } else {
          expectStoredForm(e164);
        }
      }),
      RUNS,
    );
  });

  it('accepts every number libphonenumber-js (max) calls valid, as + or 00 and its country code', () => {
    fc.assert(
      fc.property(
        exampleVariant,
        fc.constantFrom('+', '00', '+ ', '00 '),
        ({ country, national }, prefix) => {
          const international = `+${getCountryCallingCode(country)}${national}`;
          const number = parsePhoneNumberFromString(international);
          const digits = digitCount(international);
          fc.pre(
            number !== undefined &&
              number.isValid() &&
              digits >= LIMITS.phoneDigitsMin &&
              digits <= LIMITS.phoneDigitsMax,
          );
          const typed = prefix + number!.formatInternational().slice(1);
          expect(readPhone(typed)).toEqual({ e164: number!.number, problem: null });
        },
      ),
      RUNS,
    );
  });

  it('accepts every valid US number written without a country code', () => {
    fc.assert(
      fc.property(
        fc
          .stringMatching(/^[2-9][0-9]{2}[2-9][0-9]{6}$/)
          .chain((digits) => fc.tuple(fc.constant(digits), written(digits), fc.boolean())),
        ([digits, typed, withOne]) => {
          const number = parsePhoneNumberFromString(`+1${digits}`);
          fc.pre(number !== undefined && number.isValid() && number.country === 'US');
          expect(readPhone(withOne ? `1 ${typed}` : typed)).toEqual({
            e164: `+1${digits}`,
            problem: null,
          });
        },
      ),
      RUNS,
    );
  });

  it("reads every country's example number in its international forms", () => {
    for (const { country, example } of EXAMPLES) {
      const digits = digitCount(example.number);
      if (digits < LIMITS.phoneDigitsMin || digits > LIMITS.phoneDigitsMax) continue;
      const international = example.formatInternational();
      expect([country, readPhone(international).e164]).toEqual([country, example.number]);
      expect([country, toE164(`00${international.slice(1)}`)]).toEqual([country, example.number]);
    }
  });
});

describe('stored phones that need attention', () => {
  it('are the ones the rule would not store as they are', () => {
    expect(phoneNeedsAttention('+15035550100')).toBe(false);
    expect(phoneNeedsAttention(null)).toBe(false);
    expect(phoneNeedsAttention('')).toBe(false);
    for (const stored of ['+07911123456', '+00447911123456', '+49787341724', '+1503555010']) {
      expect([stored, phoneNeedsAttention(stored)]).toEqual([stored, true]);
    }
    // Stored by hand before numbers were stored in E.164: valid, but not as the rule stores it.
    expect(phoneNeedsAttention('(503) 555-0100')).toBe(true);
  });

  it('are none of the numbers the rule stores', () => {
    fc.assert(
      fc.property(typedNumber, (typed) => {
        const { e164 } = readPhone(typed);
        fc.pre(e164 !== null);
        expect(phoneNeedsAttention(e164)).toBe(false);
      }),
      RUNS,
    );
  });
});
