import { KEYWORDS, keywordIn, readReply } from './reply-reading';

/**
 * What a participant's reply makes Tidings do: opt the phone in, opt it out, answer with help, or
 * nothing (the reply is stored and shown to staff). `reply-reading.ts` reads the reply; the
 * console's Help and the README list the English keywords from here.
 */

const english = (reading: keyof typeof KEYWORDS) =>
  Object.entries(KEYWORDS[reading])
    .filter(([, language]) => language === 'en')
    .map(([word]) => word.toUpperCase());

export const OPT_IN_KEYWORDS = english('optin');
export const OPT_OUT_KEYWORDS = english('optout');
export const HELP_KEYWORDS = english('help');

export type ReplyIntent = 'optin' | 'optout' | 'help';

/**
 * What the reply asks for, or null for anything else. A reply whose meaning is in doubt
 * ('review': 'Stop by the office tomorrow?') opts the phone out when it holds a stop keyword, which
 * the FCC's rule counts as a revocation whatever surrounds it, and is otherwise left to staff
 * (stored and shown with the replies), as it was before the reading had a 'review'.
 */
export function replyIntent(body: string): ReplyIntent | null {
  const { reading } = readReply(body);
  if (reading === 'none') return null;
  if (reading !== 'review') return reading;
  return keywordIn(body, 'optout') ? 'optout' : null;
}
