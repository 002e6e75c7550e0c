import { describe, expect, it } from 'vitest';
import { nonTextFields } from '../../src/server/http/text-guard';
import { displayName } from '../../src/server/media/store';
import { ERROR_BODY_LIMITS } from '../../src/shared/constants';
import { hasNonText, markNonText } from '../../src/shared/text';

describe('what is not text', () => {
  it.each(['a\u0000b', '\u0001', 'x\u001b[0m', '\u000b', '\ud800', 'a\udc00', '\udbff\ud800'])(
    '%j is refused',
    (value) => {
      expect(hasNonText(value)).toBe(true);
    },
  );

  it.each(['plain', 'tab\tline\nreturn\r', '🚶 emoji', 'é€[]', '\u007f', ''])(
    '%j is text',
    (value) => {
      expect(hasNonText(value)).toBe(false);
    },
  );

  it('is marked with U+FFFD to be named', () => {
    expect(markNonText('na\u0000me\ud800')).toBe('na\uFFFDme\uFFFD');
  });
});

describe('the fields holding it', () => {
  it('are named by their path, in order, values and keys alike', () => {
    const body = { a: 'ok', b: [{ c: 'x\u0000' }, 'y'], ['k\u0000']: 1, d: '\ud800' };
    expect(nonTextFields([{ id: 'fine' }, { q: 'a\u0000' }, body])).toEqual([
      'q',
      'b.0.c',
      'k\uFFFD',
      'd',
    ]);
  });

  it('are found at any depth without recursion, and at most as many as an answer lists', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nonTextFields([deep])).toEqual([`${'0.'.repeat(199_999)}0`]);
    const many = Array.from({ length: 10_000 }, () => '\u0000');
    expect(nonTextFields([many])).toHaveLength(ERROR_BODY_LIMITS.details);
    expect(nonTextFields(['\u0000'])).toEqual(['body']);
  });
});

describe('an uploaded file’s display name', () => {
  it('keeps only its text', () => {
    expect(displayName('C:\\photos\\pho\u0000to\ud800.png')).toBe('photo.png');
    expect(displayName('walk 🚶.png')).toBe('walk 🚶.png');
    expect(displayName('\u0000\ud800')).toBe('upload');
  });
});
