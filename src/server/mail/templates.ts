import { formatMessage } from '../../shared/format';
import { ONE_TIME_TOKEN_LIFETIME_MS } from '../auth/one-time-tokens';
import type { OneTimeTokenPurpose, OutboundEmailKind } from '../db/schema';
import { EMAIL_TEXTS } from './texts';

/** Which single-use token each email carries: welcome verifies the address, reset sets a password. */
export const EMAIL_TOKEN_PURPOSE: Record<OutboundEmailKind, OneTimeTokenPurpose> = {
  welcome: 'verify_email',
  password_reset: 'set_password',
};

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** '72 hours', '1 hour': how long the link works, from the token's own lifetime. */
export function describeLifetime(ms: number): string {
  const hours = Math.round(ms / (60 * 60 * 1000));
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A name typed into the console is text, never markup, in the HTML part. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The welcome or password-reset email for one person, in plain text and HTML. */
export function renderEmail(
  kind: OutboundEmailKind,
  person: { firstName: string },
  link: string,
): RenderedEmail {
  const words = EMAIL_TEXTS[kind];
  const first = person.firstName.trim() || 'there';
  const expires = describeLifetime(ONE_TIME_TOKEN_LIFETIME_MS[EMAIL_TOKEN_PURPOSE[kind]]);
  const greeting = formatMessage(EMAIL_TEXTS.greeting, { first });
  const expiry = formatMessage(words.expiry, { expires });
  const text = [greeting, words.intro, link, expiry, words.unexpected, EMAIL_TEXTS.signature].join(
    '\n\n',
  );
  const paragraph = (content: string) => `<p>${content}</p>`;
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(words.subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    paragraph(escapeHtml(greeting)),
    paragraph(escapeHtml(words.intro)),
    paragraph(`<a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a>`),
    paragraph(escapeHtml(link)),
    paragraph(escapeHtml(expiry)),
    paragraph(escapeHtml(words.unexpected)),
    paragraph(escapeHtml(EMAIL_TEXTS.signature)),
    '</body></html>',
  ].join('\n');
  return { subject: words.subject, text, html };
}
