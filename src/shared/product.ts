import { LIMITS } from './constants';
import type { ProductMessage } from './responses/products';
import { analyzeSms, SEGMENT_LIMITS, unitsOf, type SmsEncoding } from './sms';

/**
 * The rules of a product's messages: its days, its empty messages and their size as sent. A
 * product is a message series over `days` days: a pre-message (day 0), one message per day
 * (days 1..N) and a conclusion (day N+1), so `days + 2` messages in all (spec sections 3 and 4);
 * its shape is the API's (shared/responses/products.ts).
 */

export const conclusionDay = (days: number) => days + 1;

/** Whether `days` is a number of days a product can have: a whole number from 1 to 365. */
export const isDayCount = (days: unknown): days is number =>
  Number.isInteger(days) &&
  (days as number) >= LIMITS.daysMin &&
  (days as number) <= LIMITS.daysMax;
export const totalMessages = (days: number) => days + 2;

export function emptyMessage(day: number): ProductMessage {
  return { day, text: '', links: [], media: null, fallbackUrl: '' };
}

/** A new product as the create form starts it: 7 days, every message empty. */
export function newProductDraft() {
  return {
    name: '',
    days: LIMITS.daysDefault,
    preMessage: emptyMessage(0),
    messages: Array.from({ length: LIMITS.daysDefault }, (_, i) => emptyMessage(i + 1)),
    conclusionMessage: emptyMessage(conclusionDay(LIMITS.daysDefault)),
  };
}

/**
 * The day messages for a new number of days: extra days are cut off, new days are added empty
 * (or taken back from `stash`, the messages an earlier, smaller count cut off, so shrinking the
 * days and growing them again loses nothing).
 */
export function resizeMessages(
  messages: ProductMessage[],
  days: number,
  stash: ProductMessage[] = [],
): ProductMessage[] {
  return Array.from({ length: days }, (_, i) => messages[i] ?? stash[i] ?? emptyMessage(i + 1)).map(
    (message, i) => (message.day === i + 1 ? message : { ...message, day: i + 1 }),
  );
}

/** A link as it goes: only its URL is sent (the form's may be empty while typed). */
type SentLink = { url?: string | null; label?: string; tracked?: boolean };

/**
 * The SMS body a message is sent as: its text, then each link's URL on a line of its own. Labels
 * name the links for staff and are not sent. Text and URLs are trimmed, as the API stores them, so
 * what the editor counts while typing is what goes out. The delivery engine sends this and the
 * 160 rule, the counter and the segment line all count this: one place for what is sent.
 */
export function smsBody(message: { text: string; links: SentLink[] }): string {
  return [message.text, ...message.links.map((link) => link.url ?? '')]
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n');
}

/** What the 160 rule measures of a message: its body as sent, in the units of its encoding. */
export interface MessageSize {
  encoding: SmsEncoding;
  /** The whole body: text, links and the line breaks before them. */
  units: number;
  /** The text alone. */
  textUnits: number;
  /** The links with the line break each goes on: the rest of the body. */
  linksUnits: number;
  /** The most one segment holds in this encoding: 160 (the spec's), or 70 once Unicode. */
  limit: number;
  segments: number;
}

/**
 * The size of a message as sent. The spec's 160 is what one SMS holds, so a message within its
 * `limit` always goes as one segment: the line breaks before links count, characters of the GSM
 * extension table (€ [ ] { } ^ ~ | \) count twice, and a character that forces Unicode brings
 * the limit to 70 (an emoji counting two or more).
 */
export function messageSize(message: { text: string; links: SentLink[] }): MessageSize {
  const sms = analyzeSms(smsBody(message));
  const textUnits = unitsOf(message.text.trim(), sms.encoding);
  return {
    encoding: sms.encoding,
    units: sms.units,
    textUnits,
    linksUnits: sms.units - textUnits,
    limit: sms.encoding === 'GSM-7' ? LIMITS.messageText : SEGMENT_LIMITS['UCS-2'].single,
    segments: sms.segments,
  };
}

/** Which day a field of a product payload belongs to (`messages.2.text` is day 3). */
export function dayOfField(field: string, days: number): number | undefined {
  const [root, index] = field.split('.');
  if (root === 'preMessage') return 0;
  if (root === 'conclusionMessage') return conclusionDay(days);
  if (root === 'messages' && index !== undefined && /^\d+$/.test(index)) return Number(index) + 1;
  return undefined;
}

/** The label of day `day` in a product of `days` days, e.g. 'Pre-message (Day 0)'. */
export function dayKind(day: number, days: number): 'pre' | 'day' | 'conclusion' {
  if (day === 0) return 'pre';
  return day === conclusionDay(days) ? 'conclusion' : 'day';
}
