import { LIMITS, type MediaType, type ProductStatus } from './constants';

/**
 * A product is a message series over `days` days: a pre-message (day 0), one message per day
 * (days 1..N) and a conclusion (day N+1), so `days + 2` messages in all (spec sections 3 and 4).
 */

export interface MessageLink {
  url: string;
  label: string;
}

export interface MessageMedia {
  type: MediaType;
  filename: string;
  mimeType: string;
  size: number;
  url: string;
}

export interface ProductMessage {
  day: number;
  text: string;
  links: MessageLink[];
  media: MessageMedia | null;
  fallbackUrl: string;
}

export interface ProductSummary {
  _id: string;
  id: string;
  name: string;
  days: number;
  status: ProductStatus;
  createdAt: string;
  updatedAt: string;
}

export interface Product extends ProductSummary {
  preMessage: ProductMessage;
  messages: ProductMessage[];
  conclusionMessage: ProductMessage;
}

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

/** The length the spec limits to 160: the text plus the URLs of its links. */
export function messageLength(message: Pick<ProductMessage, 'text' | 'links'>): number {
  return message.text.length + message.links.reduce((sum, link) => sum + link.url.length, 0);
}

/**
 * The SMS body a message is sent as: its text, then each link's URL on a line of its own. Labels
 * name the links for staff and are not sent.
 */
export function smsBody(message: Pick<ProductMessage, 'text' | 'links'>): string {
  return [message.text, ...message.links.map((link) => link.url)].filter(Boolean).join('\n');
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
