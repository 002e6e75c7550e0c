import { z } from 'zod';
import { countedPersonalText } from './personal-fields';
import type { MessageLink } from './responses/products';

/**
 * The server's settings that decide how long a program message is as sent, so the editor counts
 * what will go: where short links point, and how long a personal field is counted.
 */
export const messageSettingsSchema = z.object({
  /** SHORT_LINK_BASE: a tracked link goes as `{shortLinkBase}/{code}`. */
  shortLinkBase: z.string(),
  /** PERSONAL_FIELD_LENGTH: the characters the editor counts for a name field. */
  personalFieldLength: z.number().int(),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

/**
 * A short link's code: SHORT_CODE_LENGTH random base-62 characters (server/links/codes.ts), one
 * code per recipient and link. 62^7 is about 3.5 × 10^12 codes, so a guessed code names a real
 * link about once in a million tries even with millions of links stored, and the short link stays
 * short in an SMS.
 */
export const SHORT_CODE_LENGTH = 7;

/** The characters a name field is counted as unless PERSONAL_FIELD_LENGTH says otherwise. */
export const DEFAULT_PERSONAL_FIELD_LENGTH = 12;

export const shortLinkOf = (base: string, code: string) => `${base}/${code}`;

/** Where short links point unless SHORT_LINK_BASE says otherwise: Tidings' own `/l/{code}`. */
export const defaultShortLinkBase = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/l`;

/** A short link as long as every real one; its code's characters are all GSM-7, as real ones are. */
export const sampleShortLink = (base: string) => shortLinkOf(base, 'x'.repeat(SHORT_CODE_LENGTH));

/** A link goes tracked unless staff turned tracking off; links saved before tracking existed are not. */
export const isTracked = (link: { tracked?: boolean }) => link.tracked === true;

/**
 * A product message as the counter and the 160 rule measure it: names at the stated length, and a
 * tracked link as its short link.
 */
export function countedMessage<M extends { text: string; links: MessageLink[] }>(
  message: M,
  settings: MessageSettings,
): M {
  return {
    ...message,
    text: countedPersonalText(message.text, settings.personalFieldLength),
    links: message.links.map((link) =>
      isTracked(link) ? { ...link, url: sampleShortLink(settings.shortLinkBase) } : link,
    ),
  };
}
