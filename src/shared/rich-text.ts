/**
 * The contact's bio/notes as rich text: what the console's editor may write, which the server's
 * sanitiser keeps exactly (server/services/rich-text.ts), and how HTML reads as plain text. A bio
 * is either plain text (every bio written before the editor, or typed through the API) or HTML;
 * `isRichText` tells them apart the same way everywhere, and plain text is never read as HTML, so
 * it is shown, exported and edited as it was written. Text that `readsAsMarkup` is never stored as
 * plain text: any reader could take it for HTML.
 *
 * No DOM and no Node here: the console and the server both use it.
 */

/**
 * The editor's toolbar, tag for tag: paragraphs and line breaks, bold, italic, underline, bulleted
 * and numbered lists, and links. `ol start` comes from typing "3. " in the editor.
 */
export const BIO_HTML = {
  tags: ['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'a'],
  attributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  linkSchemes: ['http', 'https', 'mailto'],
  /** Every link opens in a new tab, which gets no handle on the console and no referrer. */
  linkTarget: '_blank',
  linkRel: 'noopener noreferrer',
} as const;

/** A link the bio may hold: http, https or mailto, spelled out (no relative or other URLs). */
export const isAllowedLink = (href: string): boolean => /^(?:https?|mailto):/i.test(href.trim());

/**
 * Whether a bio is HTML: it holds a whole tag (`<p>`, `</li>`, `<img …>`) or a comment. "a < b",
 * "x<y" and "<3" are plain text.
 */
export const isRichText = (value: string): boolean =>
  /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|<!--/i.test(value);

/**
 * Whether text would read as markup to an HTML parser: a `<` before a letter, `/`, `!` or `?`
 * opens a tag, a comment or a declaration there, whole or not (`<svg/onload=…>` is an element with
 * a handler; `x<y` swallows what follows it in a page). Only text without one can be kept as plain
 * text that no reader takes for markup; "a < b" and "I <3 tea" can.
 */
export const readsAsMarkup = (value: string): boolean => /<[a-z!/?]/i.test(value);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Text with its character references decoded: the named ones HTML writers use, and numeric ones. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text as one paragraph of HTML that reads the same: escaped, its lines kept as line breaks. */
export const textAsHtml = (text: string): string =>
  `<p>${text
    .split(/\r\n?|\n/)
    .map(escapeHtml)
    .join('<br>')}</p>`;

/** Plain text as the editor's paragraphs, one per line: how a plain-text bio opens in the editor. */
export function plainToRichText(text: string): string {
  if (!text) return '';
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** Tags whose content is not text (the sanitiser drops them whole). */
const NOT_TEXT_TAGS = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'title']);

/** Tags that end a line of plain text, as a browser would show them. */
const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'tr']);

/** A tag (its name in group 2, a closing slash in group 1), a comment, text, or a lone `<`. */
const TOKENS = /<(\/?)([a-z][a-z0-9-]*)[^>]*>|<!--[^]*?(?:-->|$)|[^<]+|</gi;

/**
 * A bio as plain text: tags removed, entities decoded, one line per paragraph, line break and list
 * item, list items marked "• " or "1. " (indented when nested; not "- ", which a spreadsheet
 * could take for a formula). Plain text comes back as it is.
 * For the CSV export and the length rule.
 */
export function richTextToPlain(value: string): string {
  if (!isRichText(value)) return value;
  const lists: { ordered: boolean; next: number }[] = [];
  let out = '';
  /** Whether the current line has text yet. */
  let lineOpen = false;
  /** A list item's marker, written with the item's first text. */
  let marker = '';
  let skipUntil: string | null = null;
  const endLine = () => {
    if (lineOpen) out += '\n';
    lineOpen = false;
  };
  for (const [token, closing, rawName] of value.matchAll(TOKENS)) {
    const name = rawName?.toLowerCase();
    if (skipUntil) {
      if (closing && name === skipUntil) skipUntil = null;
    } else if (!name) {
      if (token.startsWith('<!--')) continue;
      out += marker + decodeEntities(token).replace(/[\r\n]+/g, ' ');
      marker = '';
      lineOpen = true;
    } else if (NOT_TEXT_TAGS.has(name)) {
      if (!closing) skipUntil = name;
    } else if (name === 'br') {
      out += '\n';
      lineOpen = false;
    } else if (name === 'ul' || name === 'ol') {
      endLine();
      if (closing) lists.pop();
      else
        lists.push({
          ordered: name === 'ol',
          next: Number(/\sstart="?(\d{1,6})/i.exec(token)?.[1] ?? 1),
        });
    } else if (name === 'li') {
      endLine();
      const list = lists.at(-1);
      const indent = '  '.repeat(Math.max(lists.length - 1, 0));
      marker = closing ? '' : `${indent}${list?.ordered ? `${list.next++}.` : '•'} `;
    } else if (BLOCKS.has(name)) {
      endLine();
    }
  }
  return out.replace(/[ \t\u00a0]+$/gm, '').trim();
}
