import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countedPersonalText,
  fillPersonalText,
  NUMBER_FIELD_LENGTH,
  parsePersonalText,
  PERSONAL_FIELDS,
  type PersonalField,
  type PersonalValues,
} from '../../src/shared/personal-fields';

const NONE: PersonalValues = {
  first_name: null,
  last_name: null,
  program_name: null,
  day: null,
  days_left: null,
};

/** Text without braces: what staff write around fields. */
const literal = fc.string({ maxLength: 20 }).map((text) => text.replace(/[{}]/g, ''));
const fallback = fc.stringMatching(/^[A-Za-z ,.!'-]{0,12}$/);
const field = fc.record({
  field: fc.constantFrom(...PERSONAL_FIELDS),
  fallback: fc.option(fallback, { nil: undefined }),
});
const value = fc.option(fc.stringMatching(/^[A-Za-zÀ-ÿ' -]{0,15}$/), { nil: null });
const values = fc.record({
  first_name: value,
  last_name: value,
  program_name: value,
  day: fc.option(fc.integer({ min: 0, max: 366 }), { nil: null }),
  days_left: fc.option(fc.integer({ min: 0, max: 366 }), { nil: null }),
});

const written = (f: { field: PersonalField; fallback?: string }) =>
  f.fallback === undefined ? `{${f.field}}` : `{${f.field}|${f.fallback}}`;

/** What a field becomes for `v`, by the rule's words: the value, else the fallback, else nothing. */
function expected(f: { field: PersonalField; fallback?: string }, v: PersonalValues) {
  const own = String(v[f.field] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return own || (f.fallback ?? '');
}

describe('personal fields', () => {
  it('fill any mix of text and fields with the value, else the fallback, else nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(literal, field), { maxLength: 8 }), values, (parts, v) => {
        const text = parts.map((p) => (typeof p === 'string' ? p : written(p))).join('');
        const parsed = parsePersonalText(text);
        expect(parsed.unknown).toEqual([]);
        expect(parsed.broken).toEqual([]);
        const want = parts.map((p) => (typeof p === 'string' ? p : expected(p, v))).join('');
        expect(fillPersonalText(parsed, v).text).toBe(want.trim());
      }),
      { numRuns: 500 },
    );
  });

  it('say which fields came out empty', () => {
    const parsed = parsePersonalText('Hi {first_name}, day {day} of {program_name|the program}');
    expect(fillPersonalText(parsed, { ...NONE, day: 3 })).toEqual({
      text: 'Hi , day 3 of the program',
      empty: ['first_name'],
    });
    expect(fillPersonalText(parsed, { ...NONE, first_name: ' Ada\n', day: 0 }).empty).toEqual([]);
  });

  it('put a name typed across lines on one line', () => {
    const parsed = parsePersonalText('Hello {first_name|there}!');
    expect(fillPersonalText(parsed, { ...NONE, first_name: 'Mary\n  Ann' }).text).toBe(
      'Hello Mary Ann!',
    );
    expect(fillPersonalText(parsed, { ...NONE, first_name: '   ' }).text).toBe('Hello there!');
  });

  it.each([
    ['{frist_name}', ['{frist_name}'], []],
    ['{First_Name}', ['{First_Name}'], []],
    ['{name|there}', ['{name|there}'], []],
    ['Hi {first_name', [], ['{first_name']],
    ['Hi first_name}', [], ['}']],
    ['{a{first_name}', [], ['{a']],
    ['{first_name|a|b}', [], ['{first_name|a|b}']],
    ['{first name}', [], ['{first name}']],
    ['{}', [], ['{}']],
    ['{ first_name }', [], ['{ first_name }']],
    [`{first_name|${'x'.repeat(41)}}`, [], [`{first_name|${'x'.repeat(12)}…`]],
  ])('refuse %j: unknown %j, broken %j', (text, unknown, broken) => {
    const parsed = parsePersonalText(text);
    expect({ unknown: parsed.unknown, broken: parsed.broken }).toEqual({ unknown, broken });
  });

  it('send what is no field as it was written, as text stored before fields existed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), values, (text, v) => {
        const parsed = parsePersonalText(text);
        fc.pre(parsed.parts.every((part) => typeof part === 'string'));
        expect(fillPersonalText(parsed, v).text).toBe(text.trim());
      }),
      { numRuns: 500 },
    );
  });

  it('read a text of 100,000 braces without giving up', () => {
    const text = '{'.repeat(50_000) + '}'.repeat(50_000);
    const parsed = parsePersonalText(text);
    expect(parsed.broken.length).toBeGreaterThan(0);
    expect(fillPersonalText(parsed, NONE).text).toBe(text);
  });

  it('count a name at the stated length or its fallback, a number at 3 digits', () => {
    expect(countedPersonalText('Hi {first_name}!', 12)).toHaveLength(4 + 12);
    expect(countedPersonalText('Hi {first_name|there}!', 12)).toBe('Hi therexxxxxxx!');
    expect(countedPersonalText('{first_name|my dear friend}', 12)).toBe('my dear friend');
    expect(countedPersonalText('Day {day}, {days_left} to go', 20)).toBe(
      `Day ${'0'.repeat(NUMBER_FIELD_LENGTH)}, 000 to go`,
    );
    expect(countedPersonalText('{frist_name} {', 12)).toBe('{frist_name} {');
  });
});
