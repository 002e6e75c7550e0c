/**
 * How an SMS body travels: its encoding, length in encoding units and number of segments (parts).
 *
 * A body made only of GSM 03.38 characters goes as GSM-7: 160 units in one segment, 153 per part
 * when split (the rest of each part carries the joining header). Characters of the GSM extension
 * table (€ [ ] { } ^ ~ | \ and form feed) take two units. Any other character forces UCS-2 for the
 * whole message: 70 UTF-16 units in one segment, 67 per part; emoji take two units or more. A
 * character is never split between parts, nor is what a phone shows as one character (an emoji
 * with its skin tone, a family joined by zero-width joiners, a flag): Twilio fills parts the same
 * way, and its calculator (`sms-segments-calculator`) is what the tests compare this with.
 */

/** GSM 03.38's basic table: one unit each in GSM-7. */
export const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export const SEGMENT_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;

/**
 * Characters that often slip in from word processors and force UCS-2, with the plain character
 * that keeps the message GSM-7.
 */
export const GSM_REPLACEMENTS: Readonly<Record<string, string>> = {
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u201A': "'", // ‚
  '\u201B': "'", // ‛
  '\u2032': "'", // ′
  '\u00B4': "'", // ´
  '\u02BC': "'", // ʼ
  '\u201C': '"', // “
  '\u201D': '"', // ”
  '\u201E': '"', // „
  '\u2033': '"', // ″
  '\u00AB': '"', // «
  '\u00BB': '"', // »
  '\u2013': '-', // –
  '\u2014': '-', // —
  '\u2015': '-', // ―
  '\u2212': '-', // −
  '\u2022': '-', // •
  '\u2026': '...', // …
  '\u00A0': ' ', // no-break space
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2009': ' ',
  '\u200B': '', // zero-width space
  '\t': ' ',
};

export interface UnicodeCharacter {
  char: string;
  /** The GSM-7 character(s) to use instead, when there is an obvious one. */
  replacement?: string;
}

export interface SmsAnalysis {
  encoding: SmsEncoding;
  /** Length in encoding units (septets for GSM-7, UTF-16 units for UCS-2). */
  units: number;
  segments: number;
  /** Units that fit in each segment at this length (single or per part). */
  perSegment: number;
  /** The distinct characters that force UCS-2, in order of appearance. */
  unicodeCharacters: UnicodeCharacter[];
}

const unitsOfChar = (char: string, encoding: SmsEncoding) =>
  encoding === 'UCS-2' ? char.length : EXTENSION.has(char) ? 2 : 1;

/** Units `text` takes in `encoding`: what a part of a body counts for in that body. */
export function unitsOf(text: string, encoding: SmsEncoding): number {
  let units = 0;
  for (const char of text) units += unitsOfChar(char, encoding);
  return units;
}

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The pieces a body is split into parts by: what a phone shows as one character, except that a
 * line break written CR LF is two (each is a GSM-7 character of its own).
 */
function graphemesOf(body: string): string[] {
  const pieces: string[] = [];
  for (const { segment } of GRAPHEMES.segment(body)) {
    if (segment === '\r\n') pieces.push('\r', '\n');
    else pieces.push(segment);
  }
  return pieces;
}

export function isGsmCharacter(char: string): boolean {
  return BASIC.has(char) || EXTENSION.has(char);
}

export function analyzeSms(body: string): SmsAnalysis {
  const chars = [...body];
  const unicode = new Map<string, UnicodeCharacter>();
  for (const char of chars) {
    if (!isGsmCharacter(char) && !unicode.has(char)) {
      unicode.set(char, { char, replacement: GSM_REPLACEMENTS[char] });
    }
  }
  const encoding: SmsEncoding = unicode.size > 0 ? 'UCS-2' : 'GSM-7';
  const limits = SEGMENT_LIMITS[encoding];
  const units = unitsOf(body, encoding);

  let segments = units === 0 ? 0 : 1;
  if (units > limits.single) {
    // Fill parts one character as shown at a time, so none is split. In GSM-7 each is one
    // character (CR LF is two), so only Unicode needs the slower grapheme split.
    segments = 1;
    let used = 0;
    for (const grapheme of encoding === 'UCS-2' ? graphemesOf(body) : chars) {
      const size = unitsOf(grapheme, encoding);
      if (used + size > limits.part) {
        segments += 1;
        used = 0;
      }
      used += size;
    }
  }
  return {
    encoding,
    units,
    segments,
    perSegment: segments > 1 ? limits.part : limits.single,
    unicodeCharacters: [...unicode.values()],
  };
}

/** The text with every character that has an obvious GSM-7 equivalent replaced by it. */
export function replaceWithGsm(text: string): string {
  return [...text].map((char) => GSM_REPLACEMENTS[char] ?? char).join('');
}
