import { describe, expect, it } from 'vitest';
import { analyzeSms, replaceWithGsm } from '../../src/shared/sms';

describe('analyzeSms', () => {
  it('counts an empty body as no segment', () => {
    expect(analyzeSms('')).toMatchObject({ encoding: 'GSM-7', units: 0, segments: 0 });
  });

  it('fits 160 GSM-7 characters in one segment and splits 161 into two of 153', () => {
    expect(analyzeSms('a'.repeat(160))).toMatchObject({
      encoding: 'GSM-7',
      units: 160,
      segments: 1,
      perSegment: 160,
    });
    expect(analyzeSms('a'.repeat(161))).toMatchObject({ units: 161, segments: 2, perSegment: 153 });
    expect(analyzeSms('a'.repeat(306)).segments).toBe(2);
    expect(analyzeSms('a'.repeat(307)).segments).toBe(3);
  });

  it('treats accented letters of the GSM alphabet as single units', () => {
    expect(analyzeSms('Café à Zürich, ¿qué tal? £5 @ 10¥')).toMatchObject({
      encoding: 'GSM-7',
      segments: 1,
    });
  });

  it('counts extension characters twice', () => {
    expect(analyzeSms('€[]{}~^|\\')).toMatchObject({ encoding: 'GSM-7', units: 18 });
    expect(analyzeSms(`${'a'.repeat(158)}€`)).toMatchObject({ units: 160, segments: 1 });
    expect(analyzeSms(`${'a'.repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
  });

  it('never splits an extension character between parts', () => {
    // 152 units, then € (2): it cannot take the 153rd unit, so it starts the second part.
    const body = `${'a'.repeat(152)}€${'b'.repeat(152)}`;
    expect(analyzeSms(body)).toMatchObject({ units: 306, segments: 3 });
  });

  it('switches to UCS-2 for curly quotes: 70 per segment, 67 per part', () => {
    const quoted = `It’s ${'a'.repeat(65)}`;
    expect(analyzeSms(quoted)).toMatchObject({
      encoding: 'UCS-2',
      units: 70,
      segments: 1,
      perSegment: 70,
    });
    expect(analyzeSms(`${quoted}b`)).toMatchObject({ units: 71, segments: 2, perSegment: 67 });
    expect(analyzeSms(quoted).unicodeCharacters).toEqual([{ char: '’', replacement: "'" }]);
  });

  it('counts an emoji as two units and offers no replacement', () => {
    const analysis = analyzeSms('Well done 🎉');
    expect(analysis).toMatchObject({ encoding: 'UCS-2', units: 12, segments: 1 });
    expect(analysis.unicodeCharacters).toEqual([{ char: '🎉', replacement: undefined }]);
  });

  it('does not split an emoji between parts', () => {
    const body = `${'a'.repeat(66)}🎉${'a'.repeat(66)}`;
    expect(analyzeSms(body)).toMatchObject({ units: 134, segments: 3 });
  });

  it('lists each forcing character once, in order', () => {
    expect(analyzeSms('“Hi” — it’s “me”').unicodeCharacters.map((c) => c.char)).toEqual([
      '“',
      '”',
      '—',
      '’',
    ]);
  });
});

describe('replaceWithGsm', () => {
  it('replaces smart punctuation with plain characters and keeps emoji', () => {
    expect(replaceWithGsm('“Don’t” – wait…\u00a0ok 🎉')).toBe('"Don\'t" - wait... ok 🎉');
    expect(analyzeSms(replaceWithGsm('“Don’t” – wait…')).encoding).toBe('GSM-7');
  });
});
