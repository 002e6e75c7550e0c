import { formatMessage } from '../../shared/format';
import { ONE_TIME_TOKEN_LIFETIME_MS } from '../auth/one-time-tokens';
import type { OneTimeTokenPurpose, OutboundEmailKind } from '../db/schema';
import { EMAIL_TEXTS } from './texts';

/** The emails that carry a single-use link. */
export type LinkEmailKind = Exclude<OutboundEmailKind, 'webhook_disabled'>;

/** Which single-use token each email carries: welcome verifies the address, reset sets a password. */
export const EMAIL_TOKEN_PURPOSE: Record<LinkEmailKind, OneTimeTokenPurpose> = {
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

/**
 * A paragraph of an email: words, or a link to act on. In the plain text a link stands alone on
 * its line, or after its action's words (`spelled`: the HTML shows the address under the button).
 */
type Part = string | { action: string; link: string; spelled: boolean };

/** An email of `parts`, in plain text and in HTML (every text escaped), signed. */
function compose(subject: string, first: string, parts: Part[]): RenderedEmail {
  const greeting = formatMessage(EMAIL_TEXTS.greeting, { first: first.trim() || 'there' });
  const all: Part[] = [greeting, ...parts, EMAIL_TEXTS.signature];
  const text = all
    .map((part) =>
      typeof part === 'string' ? part : part.spelled ? part.link : `${part.action}: ${part.link}`,
    )
    .join('\n\n');
  const paragraph = (content: string) => `<p>${content}</p>`;
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...all.flatMap((part) =>
      typeof part === 'string'
        ? [paragraph(escapeHtml(part))]
        : [
            paragraph(`<a href="${escapeHtml(part.link)}">${escapeHtml(part.action)}</a>`),
            ...(part.spelled ? [paragraph(escapeHtml(part.link))] : []),
          ],
    ),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** The welcome or password-reset email for one person, in plain text and HTML. */
export function renderEmail(
  kind: LinkEmailKind,
  person: { firstName: string },
  link: string,
): RenderedEmail {
  const words = EMAIL_TEXTS[kind];
  const expires = describeLifetime(ONE_TIME_TOKEN_LIFETIME_MS[EMAIL_TOKEN_PURPOSE[kind]]);
  return compose(words.subject, person.firstName, [
    words.intro,
    { action: words.action, link, spelled: true },
    formatMessage(words.expiry, { expires }),
    words.unexpected,
  ]);
}

/** The email to an admin about a webhook endpoint Tidings disabled for failing. */
export function renderWebhookDisabledEmail(
  person: { firstName: string },
  endpointUrl: string,
  link: string,
): RenderedEmail {
  const words = EMAIL_TEXTS.webhook_disabled;
  return compose(words.subject, person.firstName, [
    formatMessage(words.intro, { url: endpointUrl }),
    { action: words.action, link, spelled: false },
    words.next,
  ]);
}
