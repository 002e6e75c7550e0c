import { INBOUND_INTENTS } from './consent';
import { KEYWORDS, readReply, type ReplyLanguage } from './reply-reading';

/**
 * What a participant's reply makes Tidings do: opt the phone in, opt it out, answer with help, or
 * nothing (the reply is stored and shown to staff). `reply-reading.ts` reads the reply; the
 * console's Help and docs/consent-and-replies.md list the English keywords from here.
 */

const english = (reading: keyof typeof KEYWORDS) =>
  Object.entries(KEYWORDS[reading])
    .filter(([, language]) => language === 'en')
    .map(([word]) => word.toUpperCase());

export const OPT_IN_KEYWORDS = english('optin');
export const OPT_OUT_KEYWORDS = english('optout');
export const HELP_KEYWORDS = english('help');

export type ReplyIntent = (typeof INBOUND_INTENTS)[number];

/**
 * What the reply asks for, or null for anything else. 'review': it may be a request to stop ('Stop
 * by the office tomorrow?'): the phone's program messages are held until a staff member decides.
 */
export function replyIntent(body: string): ReplyIntent | null {
  return readIntent(body).intent;
}

/** The intent, and the language of the words that carry it (the answer is given in it). */
export function readIntent(body: string): { intent: ReplyIntent | null; language: ReplyLanguage } {
  const { reading, language } = readReply(body);
  return { intent: reading === 'none' ? null : reading, language };
}
