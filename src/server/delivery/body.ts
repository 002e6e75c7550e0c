import { MEDIA_URL_PREFIX } from '../../shared/media';
import { isTracked, sampleShortLink, shortLinkOf } from '../../shared/message-settings';
import {
  fillPersonalText,
  type ParsedText,
  type PersonalField,
  type PersonalValues,
} from '../../shared/personal-fields';
import { smsBody } from '../../shared/product';
import { analyzeSms } from '../../shared/sms';
import { newShortCode } from '../links/codes';

/** A link as stored; `tracked` is absent from links saved before tracking existed. */
export interface StoredLink {
  url: string;
  label: string;
  tracked?: boolean;
}

/** A product day's message as stored: what a participant's message is made of. */
export interface ProductDayMessage {
  text: string;
  links: StoredLink[];
  /** The stored name of its media file (media.storage_name), or null for a text message. */
  mediaStorageName: string | null;
  fallbackUrl: string | null;
}

/** What goes into the outbox for a program message. */
export interface OutboundBody {
  body: string;
  /** Absolute URL of the media for an MMS, or null. */
  mediaUrl: string | null;
  /** What the dispatcher's pacing counts and the carrier bills. */
  segments: number;
}

/**
 * A message as sent: the text, then each link's URL on a line of its own (labels are for staff).
 * Media goes as an absolute URL under PUBLIC_URL, and then the fallback URL is added on a line of
 * its own, so a phone that cannot show the MMS still gets a link to the content. An MMS is one
 * message however long its text (carriers do not split it); an SMS counts the segments of its body.
 */
export function composeBody(
  message: { text: string; linkUrls: string[]; mediaStorageName: string | null },
  fallbackUrl: string | null,
  publicUrl: string,
): OutboundBody {
  const text = smsBody({ text: message.text, links: message.linkUrls.map((url) => ({ url })) });
  if (!message.mediaStorageName) {
    return { body: text, mediaUrl: null, segments: analyzeSms(text).segments };
  }
  const fallback = fallbackUrl?.trim();
  return {
    body: [text, fallback].filter(Boolean).join('\n'),
    mediaUrl: mediaUrlOf(message.mediaStorageName, publicUrl),
    segments: 1,
  };
}

/** The absolute URL an MMS's media goes as, under PUBLIC_URL; null for a text message. */
export function mediaUrlOf(mediaStorageName: string | null, publicUrl: string): string | null {
  if (!mediaStorageName) return null;
  return `${publicUrl.replace(/\/+$/, '')}${MEDIA_URL_PREFIX}${mediaStorageName}`;
}

/** A staff member's own words (a reply, a free-text test): sent as written, braces and all. */
export const literalBody = (
  text: string,
  mediaStorageName: string | null,
  publicUrl: string,
): OutboundBody => composeBody({ text, linkUrls: [], mediaStorageName }, null, publicUrl);

/** One recipient's side of a product day's message. */
export interface Personal {
  values: PersonalValues;
  /** The short link of each link, in order; null for a link that goes as typed. */
  shortLinks: (string | null)[];
}

/**
 * A product day's message for one recipient: its personal fields filled, each tracked link as the
 * recipient's short link. `parsed` is the day's text parsed once (`parsePersonalText`) for all its
 * recipients. Also says which fields came out empty.
 */
export function personalBody(
  message: ProductDayMessage,
  parsed: ParsedText,
  personal: Personal,
  publicUrl: string,
): OutboundBody & { emptyFields: PersonalField[] } {
  const { text, empty } = fillPersonalText(parsed, personal.values);
  const linkUrls = message.links.map((link, i) => personal.shortLinks[i] ?? link.url);
  return {
    ...composeBody({ ...message, text, linkUrls }, message.fallbackUrl, publicUrl),
    emptyFields: empty,
  };
}

/**
 * A product day's message before it has a recipient, as carriers are shown it: its personal fields
 * as written, each tracked link as a short link of the real length (its code a stand-in).
 */
export function templateBody(
  message: ProductDayMessage,
  publicUrl: string,
  shortLinkBase: string,
): OutboundBody {
  const linkUrls = message.links.map((link) =>
    isTracked(link) ? sampleShortLink(shortLinkBase) : link.url,
  );
  return composeBody({ ...message, linkUrls }, message.fallbackUrl, publicUrl);
}

/** A short link drawn for one recipient, to be stored with their message. */
export interface DrawnLink {
  code: string;
  linkIndex: number;
  url: string;
}

/**
 * One recipient's short links for a day's message: a new code per tracked link (the short link
 * goes in the body, the code and its target are stored), null for a link that goes as typed.
 */
export function drawShortLinks(
  message: ProductDayMessage,
  shortLinkBase: string,
  drawCode: () => string = newShortCode,
) {
  const drawn: DrawnLink[] = [];
  const shortLinks = message.links.map((link, linkIndex) => {
    if (!isTracked(link)) return null;
    const code = drawCode();
    drawn.push({ code, linkIndex, url: link.url });
    return shortLinkOf(shortLinkBase, code);
  });
  return { shortLinks, drawn };
}
