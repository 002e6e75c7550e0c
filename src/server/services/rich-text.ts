import sanitizeHtml from 'sanitize-html';
import {
  BIO_HTML,
  isAllowedLink,
  isRichText,
  readsAsMarkup,
  richTextToPlain,
  textAsHtml,
} from '../../shared/rich-text';

/**
 * The console's editor allow-list (shared/rich-text.ts) as sanitize-html options: other tags go
 * (their text stays; script, style and the like go whole), other attributes go (`style`, every
 * `on…`), and a link keeps an http, https or mailto address with the fixed target and rel, or
 * becomes its text.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BIO_HTML.tags],
  allowedAttributes: Object.fromEntries(
    Object.entries(BIO_HTML.attributes).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...BIO_HTML.linkSchemes],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    // What the editor reads as bold, italic and a paragraph, written as the editor writes them.
    b: 'strong',
    i: 'em',
    ...Object.fromEntries(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => [h, 'p'])),
    // Attribute values arrive decoded ("java&#x09;script:" is "java\tscript:" here).
    a: (_tag, { href }): sanitizeHtml.Tag => ({
      tagName: 'a',
      attribs:
        href !== undefined && isAllowedLink(href)
          ? { href: href.trim(), target: BIO_HTML.linkTarget, rel: BIO_HTML.linkRel }
          : {},
    }),
    ol: (_tag, { start }): sanitizeHtml.Tag => ({
      tagName: 'ol',
      attribs: start !== undefined && /^\d{1,6}$/.test(start) ? { start } : {},
    }),
  },
  // A link without an address (none, or one refused above) is its text alone. Not done by
  // renaming the tag in transformTags: sanitize-html 2.17 then mis-closes the next allowed one.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

/**
 * A bio as it is stored, safe for any reader: plain text that no HTML parser takes for markup
 * unchanged (trimmed, as every field), HTML sanitised to the editor's allow-list. Other text
 * (`<svg/onload=…>`, `x<y`: no tag by isRichText, markup to a browser) is stored as HTML that reads
 * as it was written, escaped. HTML without text (the empty editor's `<p></p>`) is an empty bio, and
 * sanitised HTML keeps a tag, so it is never taken for plain text with entities in it. Every write
 * of a bio (the contact form, the API, imports) goes through here.
 */
export function sanitizeRichText(value: string): string {
  const trimmed = value.trim();
  if (!readsAsMarkup(trimmed)) return trimmed;
  const html = isRichText(trimmed) ? trimmed : textAsHtml(trimmed);
  const clean = sanitizeHtml(html, OPTIONS).trim();
  if (richTextToPlain(clean) === '') return '';
  return isRichText(clean) ? clean : `<p>${clean}</p>`;
}
