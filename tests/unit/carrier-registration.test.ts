import { describe, expect, it } from 'vitest';
import {
  chooseSamples,
  hasLink,
  hasPhoneNumber,
} from '../../src/server/services/carrier-registration';
import { OPT_IN_KEYWORDS } from '../../src/shared/keywords';
import { serverTexts } from '../../src/server/texts';

/** What Help > Carrier registration reads in texts (src/server/services/carrier-registration.ts). */
const t = serverTexts.carrierRegistration;

describe('the brand', () => {
  it('is the name every text Tidings writes opens with', () => {
    for (const texts of [serverTexts.sms, serverTexts.smsEs, serverTexts.smsFr]) {
      for (const [name, text] of Object.entries(texts)) {
        expect(text.startsWith(`${t.brand}: `), name).toBe(true);
      }
    }
  });

  it('is asked for by the opt-in request with the first opt-in keyword', () => {
    expect(serverTexts.sms.optin).toContain(`Reply ${OPT_IN_KEYWORDS[0]} `);
  });
});

describe('hasLink', () => {
  it('finds web addresses with a scheme, from www., or a domain with a path', () => {
    for (const text of [
      'See https://tid.gs/w1 today',
      'http://example.org',
      'Go to www.example.org',
      'Route: tid.gs/walk',
    ]) {
      expect(hasLink(text), text).toBe(true);
    }
  });

  it('leaves email addresses, times, amounts and sentence ends alone', () => {
    for (const text of [
      'Write to help@tidings.org',
      'Walk at 8.30 for 2.5 km.',
      'Day 3. Rest today.',
      'Reply STOP to opt out.',
    ]) {
      expect(hasLink(text), text).toBe(false);
    }
  });
});

describe('hasPhoneNumber', () => {
  it('finds national and international numbers, not counts or dates', () => {
    expect(hasPhoneNumber('Questions? Call (503) 234-5678.')).toBe(true);
    expect(hasPhoneNumber('Text +44 20 7946 0958')).toBe(true);
    expect(hasPhoneNumber('Walk 10000 steps by 2026-03-07')).toBe(false);
    expect(hasPhoneNumber('Day 12: 30 minutes')).toBe(false);
  });
});

describe('chooseSamples', () => {
  const day = (n: number, body: string) => ({
    day: n,
    kind: 'daily' as const,
    body,
    mediaUrl: null,
  });

  it('takes the days that name the brand or say how to stop first, then spreads over the rest', () => {
    const rows = [
      day(0, 'Welcome'),
      ...Array.from({ length: 8 }, (_, i) => day(i + 1, `Day ${i + 1}`)),
      day(9, 'Tidings: last one. Reply STOP to opt out.'),
      day(10, 'Responde ALTO para cancelar'),
      day(11, 'Pour arrêter, répondez ARRÊT'),
    ];
    const samples = chooseSamples(rows);
    expect(samples.map((s) => s.day)).toEqual([0, 8, 9, 10, 11]);
    expect(samples.map((s) => [s.brand, s.optOut])).toEqual([
      [false, false],
      [false, false],
      [true, true],
      [false, true],
      [false, true],
    ]);
  });

  it('shows a link and a phone number when the series has them', () => {
    const rows = [
      day(0, 'Tidings: welcome. Reply STOP to opt out.'),
      ...Array.from({ length: 6 }, (_, i) => day(i + 1, `Tidings: day ${i + 1}`)),
      day(7, 'Walk more'),
      day(8, 'More at https://tid.gs/x'),
      day(9, 'Questions? Call (503) 234-5678'),
    ];
    // Day 0 names the brand and says how to stop; 8 and 9 come before the other days that only
    // name the brand.
    expect(chooseSamples(rows).map((s) => s.day)).toEqual([0, 1, 2, 8, 9]);
  });

  it('reads an opt-out keyword only in capitals, as instructions write it', () => {
    const [sample] = chooseSamples([day(1, 'At the end of the walk, cancel nothing')]);
    expect(sample!.optOut).toBe(false);
  });

  it('takes every day of a short series, and none of an empty one', () => {
    expect(chooseSamples([day(0, 'a'), day(1, 'b')]).map((s) => s.day)).toEqual([0, 1]);
    expect(chooseSamples([day(0, 'a')]).map((s) => s.day)).toEqual([0]);
    expect(chooseSamples([])).toEqual([]);
  });
});
