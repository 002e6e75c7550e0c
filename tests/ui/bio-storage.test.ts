import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/server/services/rich-text';
import { BIO_HTML, isAllowedLink, isRichText, richTextToPlain } from '../../src/shared/rich-text';

/**
 * Whatever a bio holds when it reaches the server, what is stored is safe for any reader that
 * takes it for HTML: read by the browser's own parser (jsdom's, not the sanitiser's), it holds no
 * element or attribute outside the editor's allow-list, no event handler and no link but http,
 * https and mailto. A bio stored as plain text holds no markup at all.
 */

const TAGS: ReadonlySet<string> = new Set(BIO_HTML.tags);
const ATTRIBUTES: Record<string, readonly string[]> = BIO_HTML.attributes;

/** What an HTML reader would find in `stored` that the editor's allow-list does not allow. */
function unsafeParts(stored: string): string[] {
  const document = new DOMParser().parseFromString(stored, 'text/html');
  const found: string[] = [];
  const walker = document.createTreeWalker(
    document,
    NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT,
  );
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.COMMENT_NODE) {
      found.push('a comment');
      continue;
    }
    const element = node as Element;
    const tag = element.localName;
    // The document's own frame, which the parser adds around any fragment.
    if (['html', 'head', 'body'].includes(tag) && element.attributes.length === 0) continue;
    if (!TAGS.has(tag)) found.push(`<${tag}>`);
    for (const { name, value } of element.attributes) {
      if (!(ATTRIBUTES[tag] ?? []).includes(name)) found.push(`${tag}[${name}]`);
      if (name === 'href' && !isAllowedLink(value)) found.push(`a link to ${value}`);
    }
  }
  // Stored as plain text, it must read as text alone: no element at all, allowed or not.
  if (!isRichText(stored) && document.querySelectorAll('body *, head *').length > 0) {
    found.push('markup in plain text');
  }
  return found;
}

/** Pieces that make markup, hostile and not: a browser's reading of each differs. */
const piece = fc.constantFrom(
  '<svg/onload=alert(1)>',
  '<svg onload=alert(1)>',
  '<img src=x onerror=alert(1)>',
  '<img/src=x/onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<script>',
  '</script>',
  '<a href="javascript:alert(1)">',
  '<a href=javascript:alert(1)>',
  '<a href="java&#x09;script:alert(1)">',
  '<a href="https://ok.example" onclick="alert(1)">',
  '<a href="https://ok.example">',
  '</a>',
  '<p>',
  '</p>',
  '<p',
  '<b',
  '<strong>',
  '</strong>',
  '<ul><li>',
  '</li></ul>',
  '<ol start="3">',
  '<br>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
  '<style>',
  '<textarea>',
  '<title>',
  '<!--',
  '-->',
  '<!',
  '<!doctype html>',
  '<?',
  '</',
  '</x',
  '<x',
  'x<y',
  '<',
  '>',
  '<3',
  ' < ',
  '&lt;script&gt;',
  '&#60;svg onload=alert(1)&#62;',
  '&amp;',
  '&',
  '"',
  "'",
  '=',
  '\n',
  ' ',
  'onload=alert(1)',
  'javascript:alert(1)',
);

/** A bio: pieces of markup among ordinary and odd text. */
const bio = fc
  .array(fc.oneof({ weight: 3, arbitrary: piece }, { weight: 1, arbitrary: fc.string() }), {
    maxLength: 16,
  })
  .map((parts) => parts.join(''));

describe('a bio as the server stores it', () => {
  it('holds nothing outside the editor’s allow-list, whatever it was sent', () => {
    fc.assert(
      fc.property(bio, (sent) => {
        const stored = sanitizeRichText(sent);
        expect(
          unsafeParts(stored),
          `${JSON.stringify(sent)} stored as ${JSON.stringify(stored)}`,
        ).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps text that is not the editor’s HTML as it was written', () => {
    fc.assert(
      fc.property(bio, (sent) => {
        if (isRichText(sent)) return;
        const stored = sanitizeRichText(sent);
        // Stored as HTML, its lines end as HTML's do: without the spaces before a line break.
        const written = isRichText(stored)
          ? sent
              .trim()
              .replace(/\r\n?/g, '\n')
              .replace(/[ \t\u00a0]+$/gm, '')
          : sent.trim();
        expect(richTextToPlain(stored)).toBe(written);
      }),
      { numRuns: 2000 },
    );
  });
});
