import fc from 'fast-check';
import { SegmentedMessage } from 'sms-segments-calculator';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawShortLinks, personalBody } from '../../src/server/delivery/body';
import { countedMessage } from '../../src/shared/message-settings';
import { messages } from '../../src/shared/messages';
import { parsePersonalText, type PersonalValues } from '../../src/shared/personal-fields';
import { messageSize, smsBody } from '../../src/shared/product';
import type { MessageLink } from '../../src/shared/responses/products';
import { analyzeSms } from '../../src/shared/sms';
import { TEST_MESSAGE_SETTINGS, testProductSchemas } from '../helpers/message-settings';

/**
 * The segment counter against Twilio's own calculator (`sms-segments-calculator`), over messages
 * as the product editor builds them: text of GSM-7 characters, GSM extension characters (counting
 * twice), Unicode characters (BMP, combining marks), emoji (surrogate pairs, skin tones, families
 * joined by zero-width joiners, flags), CR LF, personal fields (with and without fallbacks), and
 * links, tracked or not, each sent on a line of its own.
 *
 * The emoji are whole ones, as people type them: Twilio's calculator splits characters with the
 * grapheme rules of an old Unicode version, and a skin-tone modifier standing alone after a letter
 * (no emoji anyone types) is one character for today's phones and two for it.
 */

const GSM_BASIC = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...' .,!?:;\'"()-+*/=<>#%&@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¡ÄÖÑÜ§¿äöñüà¤',
  '\n',
  '\r',
];
const GSM_EXTENSION = [...'€[]{}^~|\\\f'];
const UNICODE = [...'’“”–—…ç中Жğ\u00a0\u200bŁ', 'e\u0301', '\r\n'];
const EMOJI = ['🎉', '👍', '👍🏽', '👨‍👩‍👧', '👩🏾‍💻', '🇺🇸', '❤️', '🏳️‍🌈', '😀', '🚶‍♀️'];

/** Fields, with fallbacks no longer than the length each is counted at (12, and 3 for numbers). */
const FIELDS = ['{first_name}', '{first_name|there}', '{last_name|}', '{program_name|our walk}'];
const NUMBER_FIELDS = ['{day}', '{days_left|0}'];

const piece = fc.oneof(
  { weight: 30, arbitrary: fc.constantFrom(...GSM_BASIC) },
  { weight: 1, arbitrary: fc.constantFrom(...FIELDS, ...NUMBER_FIELDS) },
  { weight: 3, arbitrary: fc.constantFrom(...GSM_EXTENSION) },
  { weight: 1, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 1, arbitrary: fc.constantFrom(...EMOJI) },
);

/**
 * Text around the limits: a run of one character of a kind, long enough to cross one segment or
 * two in its encoding, with other pieces around it. (Twilio's calculator takes tens of
 * milliseconds on a long body, so bodies stay about as long as a message of two segments.)
 */
const nearLimits = fc
  .tuple(
    fc.array(piece, { maxLength: 12 }),
    fc.constantFrom(['a', 170], ['€', 90], ['é', 170], ['中', 80], ['👍🏽', 40]),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.array(piece, { maxLength: 12 }),
  )
  .map(([before, [filler, most], share, after]) =>
    [...before, filler.repeat(Math.round(share * most)), ...after].join(''),
  );

const text = fc.oneof(
  nearLimits,
  fc.array(piece, { maxLength: 120 }).map((p) => p.join('')),
);

const link: fc.Arbitrary<MessageLink> = fc.record({
  url: fc
    .tuple(
      fc.constantFrom('https://tid.gs/', 'http://ex.co/', 'https://bit.ly/~'),
      fc.stringMatching(/^[A-Za-z0-9_~|-]{0,8}$/),
    )
    .map(([start, rest]) => start + rest),
  label: fc.string({ maxLength: 10 }),
  tracked: fc.boolean(),
});

/**
 * A recipient whose fields are as long as the editor counts them: names of 12 letters, days of 3
 * digits. The editor's count of a message is then exactly what this recipient is sent.
 */
const recipient: fc.Arbitrary<PersonalValues> = fc.record({
  first_name: fc.stringMatching(/^[A-Za-z]{12}$/),
  last_name: fc.stringMatching(/^[A-Za-z]{12}$/),
  program_name: fc.stringMatching(/^[A-Za-z]{12}$/),
  day: fc.integer({ min: 100, max: 366 }),
  days_left: fc.integer({ min: 100, max: 366 }),
});

/** What the delivery engine sends `values`' recipient: fields filled, their own short links. */
function sentTo(m: { text: string; links: MessageLink[] }, values: PersonalValues) {
  const message = { ...m, text: m.text.trim(), mediaStorageName: null, fallbackUrl: null };
  const { shortLinks } = drawShortLinks(message, TEST_MESSAGE_SETTINGS.shortLinkBase);
  const parsed = parsePersonalText(message.text);
  return personalBody(message, parsed, { values, shortLinks }, 'https://tidings.example');
}

const message = fc.record({
  text: fc
    .tuple(fc.constantFrom('', ' ', '\n'), text, fc.constantFrom('', ' '))
    .map((p) => p.join('')),
  links: fc.array(link, { maxLength: 3 }),
});

// Twilio's calculator splits graphemes slowly (milliseconds a body): 3 × 120 cases keep the file quick.
const RUNS = { numRuns: 120 };

/** Twilio's view of a body: encoding, segments, and its length in that encoding's units. */
function twilio(body: string) {
  const sms = new SegmentedMessage(body);
  const bitsPerUnit = sms.encodingName === 'GSM-7' ? 7 : 16;
  return {
    encoding: sms.encodingName,
    segments: sms.segmentsCount,
    units: sms.messageSize / bitsPerUnit,
  };
}

// The calculator builds its grapheme tables on first use: not inside a timed property.
beforeAll(() => void twilio('warm up 👍🏽'));

describe('the segment counter, against Twilio', () => {
  it('counts every body as Twilio does: encoding, units and segments', () => {
    fc.assert(
      fc.property(message, (m) => {
        const body = smsBody(m);
        fc.pre(body !== '');
        const ours = analyzeSms(body);
        expect({ encoding: ours.encoding, units: ours.units, segments: ours.segments }).toEqual(
          twilio(body),
        );
      }),
      RUNS,
    );
  });

  it('never splits what a phone shows as one character: a family emoji at the end of a part', () => {
    // 64 + 8 + 62 units: split between its code points it would fill two parts of 67 exactly.
    const body = `${'中'.repeat(64)}👨‍👩‍👧${'中'.repeat(62)}`;
    expect(analyzeSms(body)).toMatchObject({ encoding: 'UCS-2', units: 134, segments: 3 });
    expect(twilio(body)).toEqual({ encoding: 'UCS-2', units: 134, segments: 3 });
  });

  it('the editor counts the body the delivery engine sends, separators, fields and short links included', () => {
    fc.assert(
      fc.property(message, recipient, (m, values) => {
        const sent = sentTo(m, values);
        fc.pre(sent.body !== '');
        const size = messageSize(countedMessage(m, TEST_MESSAGE_SETTINGS));
        const oracle = twilio(sent.body);
        expect({ units: size.units, segments: size.segments }).toEqual({
          units: oracle.units,
          segments: oracle.segments,
        });
        expect(sent.segments).toBe(oracle.segments);
        expect(size.textUnits + size.linksUnits).toBe(size.units);
      }),
      RUNS,
    );
  });
});

/** The issues the product rules raise for `m` as the pre-message of a one-day product. */
function lengthIssues(m: { text: string; links: MessageLink[] }) {
  const result = testProductSchemas.create.safeParse({
    name: 'Walks',
    days: 1,
    preMessage: m,
    messages: [{ text: 'Day 1' }],
    conclusionMessage: { text: 'Bye' },
  });
  const tooLong: string[] = [
    messages.products.messageTooLong,
    messages.products.unicodeMessageTooLong,
  ];
  return result.success
    ? []
    : result.error.issues.filter((issue) => tooLong.includes(issue.message));
}

describe('the 160 rule', () => {
  it('accepts a message exactly when Twilio sends it as one segment to a recipient', () => {
    fc.assert(
      fc.property(message, recipient, (m, values) => {
        fc.pre(m.text.trim() !== '');
        const segments = twilio(sentTo(m, values).body).segments;
        expect({ accepted: lengthIssues(m).length === 0, segments }).toEqual({
          accepted: segments === 1,
          segments,
        });
      }),
      RUNS,
    );
  });

  it('Day 2 with its walk guide link: 134 characters and the link are one segment, 135 are not', () => {
    const links = [{ url: 'https://tid.gs/walk-guide', label: 'Walk guide', tracked: false }];
    const fits = { text: 'w'.repeat(134), links };
    expect(messageSize(fits)).toMatchObject({ units: 160, textUnits: 134, linksUnits: 26 });
    expect(lengthIssues(fits)).toEqual([]);
    const over = { text: 'w'.repeat(135), links };
    expect(twilio(smsBody(over)).segments).toBe(2);
    expect(lengthIssues(over).map((issue) => issue.message)).toEqual([
      messages.products.messageTooLong,
    ]);
  });
});
