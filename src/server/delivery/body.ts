import { MEDIA_URL_PREFIX } from '../../shared/media';
import { smsBody } from '../../shared/product';
import type { MessageLink } from '../../shared/responses/products';
import { analyzeSms } from '../../shared/sms';

/** A product day's message as stored: what a participant's message is made of. */
export interface ProductDayMessage {
  text: string;
  links: MessageLink[];
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
 * The message a participant receives for a product day: the text with its link URLs as sent (one
 * per line, labels are for staff). Media goes as an absolute URL under PUBLIC_URL, and then the
 * fallback URL is added on a line of its own, so a phone that cannot show the MMS still gets a
 * link to the content. An MMS is one message however long its text (carriers do not split it);
 * an SMS counts the segments of its body.
 */
export function programMessageBody(message: ProductDayMessage, publicUrl: string): OutboundBody {
  const text = smsBody(message);
  if (!message.mediaStorageName) {
    return { body: text, mediaUrl: null, segments: analyzeSms(text).segments };
  }
  const fallback = message.fallbackUrl?.trim();
  return {
    body: [text, fallback].filter(Boolean).join('\n'),
    mediaUrl: `${publicUrl.replace(/\/+$/, '')}${MEDIA_URL_PREFIX}${message.mediaStorageName}`,
    segments: 1,
  };
}
