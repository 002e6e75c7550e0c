/**
 * What a participant's reply asks for: to opt in, to opt out, or for help. US carriers and the
 * CTIA handbook require opt-out to work at once, also in plain words, so a short reply that asks to
 * stop counts even when it is not a bare keyword; when in doubt, a request to stop is honoured.
 * The inbound webhook and the console (which explains the keywords) both read this file.
 */

export const OPT_IN_KEYWORDS = ['JOIN', 'START', 'UNSTOP', 'YES'] as const;
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export type ReplyIntent = 'optin' | 'optout' | 'help';

/** Longest reply, in words, still read as a request rather than a conversation. */
export const KEYWORD_REPLY_MAX_WORDS = 8;

/**
 * Opt-out words that mean stop in any short reply ('Please STOP texting me'). The others (end,
 * quit, cancel, revoke) are everyday words too ('I quit smoking!'), so inside a sentence they
 * count only as its first word ('Cancel please', 'End these texts').
 */
const UNAMBIGUOUS_OPT_OUT = new Set(['stop', 'stopall', 'unsubscribe', 'optout']);

/** Words that turn a following stop word around: "don't stop", 'never stop', 'not stop'. */
const NEGATIONS = new Set(['dont', 'never', 'not', 'cant', 'wont', 'shouldnt']);

const lower = (words: readonly string[]) => new Set(words.map((word) => word.toLowerCase()));
const OPT_IN = lower(OPT_IN_KEYWORDS);
const OPT_OUT = lower(OPT_OUT_KEYWORDS);
const HELP = lower(HELP_KEYWORDS);

/**
 * The reply's words, lower-cased, without punctuation or accents; apostrophes are dropped inside
 * words so "don't" reads as "dont", and "opt out" / "opt-out" read as one word.
 */
export function replyWords(body: string): string[] {
  const text = body
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019\u2018`]/g, '')
    .replace(/\bopt[\s_-]+out\b/g, 'optout')
    .replace(/\bstop[\s_-]+all\b/g, 'stopall')
    .replace(/\bun[\s_-]+subscribe\b/g, 'unsubscribe');
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

const negated = (words: string[], index: number) =>
  NEGATIONS.has(words[index - 1] ?? '') ||
  (words[index - 2] === 'do' && words[index - 1] === 'not');

/** What the reply asks for, or null for anything else (stored and shown to staff). */
export function replyIntent(body: string): ReplyIntent | null {
  const words = replyWords(body);
  if (words.length === 0) return null;
  if (words.length === 1) {
    const [word] = words as [string];
    if (OPT_OUT.has(word)) return 'optout';
    if (OPT_IN.has(word)) return 'optin';
    if (HELP.has(word)) return 'help';
    return null;
  }
  if (words.length > KEYWORD_REPLY_MAX_WORDS) return null;
  const stops = words.some(
    (word, index) =>
      (UNAMBIGUOUS_OPT_OUT.has(word) || (index === 0 && OPT_OUT.has(word))) &&
      !negated(words, index),
  );
  if (stops) return 'optout';
  // A keyword followed by a courtesy ('JOIN please', 'Help me') still counts; other sentences
  // that merely contain 'yes' or 'start' do not opt anyone in.
  const [first] = words as [string];
  if (words.length <= 3 && OPT_IN.has(first)) return 'optin';
  if (words.length <= 3 && HELP.has(first)) return 'help';
  return null;
}
