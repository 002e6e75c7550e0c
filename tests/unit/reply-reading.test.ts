import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEYWORDS, keywordIn, readReply } from '../../src/shared/reply-reading';
import { REPLIES_CORPUS } from '../helpers/replies-corpus';

/**
 * The reading of replies against a corpus of labelled replies (tests/unit/fixtures/
 * replies-corpus.tsv): the FCC order's examples, the carriers' keyword lists in English, Spanish
 * and French, misspellings, and everyday sentences that hold a stop word in another sense.
 */
const corpus = REPLIES_CORPUS;

describe('the corpus of labelled replies', () => {
  it('holds at least 300 replies of every kind, in English, Spanish and French', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    for (const label of ['optout', 'none', 'review', 'optin', 'help'] as const) {
      expect(corpus.filter((row) => row.label === label).length, label).toBeGreaterThanOrEqual(20);
    }
    expect(new Set(corpus.map((row) => row.language))).toEqual(new Set(['en', 'es', 'fr']));
    expect(new Set(corpus.map((row) => row.reply)).size).toBe(corpus.length);
  });

  it.each(corpus.map((row) => [row.label, row.reply, row.note] as const))(
    'reads as %s: %j (%s)',
    (label, reply) => {
      expect(readReply(reply).reading).toBe(label);
    },
  );
});

const keywordsOf = (reading: keyof typeof KEYWORDS) => Object.keys(KEYWORDS[reading]);
const anyKeyword = fc.constantFrom(
  ...(['optout', 'optin', 'help'] as const).flatMap((reading) =>
    keywordsOf(reading)
      // 'nomas' is typed 'no más'.
      .map((word) => ({ reading, word: word === 'nomas' ? 'no más' : word })),
  ),
);
const casing = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join(''));

describe('keywords, however they are typed', () => {
  it('reads a keyword in any case, with punctuation, emoji and courtesies around it', () => {
    fc.assert(
      fc.property(
        anyKeyword.chain(({ reading, word }) =>
          fc.record({
            reading: fc.constant(reading),
            typed: casing(word),
            before: fc.constantFrom('', ' ', 'Please ', '🙏 ', 'ok '),
            after: fc.constantFrom('', '.', '!', '!!!', ' please', ' por favor', ' merci', ' 👍'),
          }),
        ),
        ({ reading, typed, before, after }) => {
          expect(readReply(`${before}${typed}${after}`).reading).toBe(reading);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads STOP spelt letter by letter, with any separator', () => {
    fc.assert(
      fc.property(fc.constantFrom(' ', '.', '-', '. '), casing('stop'), (separator, typed) => {
        expect(readReply([...typed].join(separator)).reading).toBe('optout');
      }),
    );
  });

  it('reads a request to stop however long the message around it', () => {
    const requests = corpus
      .filter((row) => row.label === 'optout' && row.language === 'en')
      .map((row) => row.reply.replace(/[.!]+$/, ''));
    fc.assert(
      fc.property(
        fc.constantFrom(...requests),
        fc.constantFrom('', 'Hi, this is Maria. ', 'Hello there, sorry to bother you. '),
        fc.constantFrom('', '. Thank you for everything', '. Have a good day!'),
        (request, before, after) => {
          expect(readReply(`${before}${request}${after}`).reading).toBe('optout');
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('keywordIn', () => {
  it('names the keyword a reply used, upper-cased and spelt right', () => {
    expect(keywordIn('join!', 'optin')).toBe('JOIN');
    expect(keywordIn('Yes please', 'optin')).toBe('YES');
    expect(keywordIn('stop please', 'optout')).toBe('STOP');
    expect(keywordIn('Please STOP texting me', 'optout')).toBe('STOP');
    expect(keywordIn('opt out', 'optout')).toBe('OPTOUT');
    expect(keywordIn('Cancel please', 'optout')).toBe('CANCEL');
    expect(keywordIn(' info ', 'help')).toBe('INFO');
    expect(keywordIn('STPO', 'optout')).toBe('STOP');
    expect(keywordIn('Alto por favor', 'optout')).toBe('ALTO');
    expect(keywordIn('Please take me off your list', 'optout')).toBeNull();
  });
});

describe('words every JavaScript object has', () => {
  it("are no keyword: 'constructor', '__proto__', 'toString' read as nothing, alone or in a sentence", () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      for (const reply of [name, name.toUpperCase(), `${name} please`, `what is ${name}?`]) {
        expect(readReply(reply), reply).toEqual({ reading: 'none', language: 'en' });
        expect(keywordIn(reply, 'optout'), reply).toBeNull();
      }
    }
  });
});
