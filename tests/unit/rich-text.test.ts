import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bioFromEditor, bioToEditor } from '../../src/admin/contacts/bio/bioValue';
import { sanitizeRichText } from '../../src/server/services/rich-text';
import { LIMITS } from '../../src/shared/constants';
import {
  decodeEntities,
  isAllowedLink,
  isRichText,
  plainToRichText,
  readsAsMarkup,
  richTextToPlain,
  textAsHtml,
} from '../../src/shared/rich-text';
import { contactSchema } from '../../src/shared/validation/contact';

describe('isRichText: plain text or HTML', () => {
  it.each(['<p>x</p>', 'a <strong>b</strong>', '</li>', '<img src=x onerror=alert(1)>', '<!-- c'])(
    'takes %j for HTML',
    (value) => expect(isRichText(value)).toBe(true),
  );
  it.each(['a < b', 'x<y', 'I <3 tea', 'a > b', '<', '<<>>', '1 <2> 3', 'Tom & Jerry', ''])(
    'takes %j for plain text',
    (value) => expect(isRichText(value)).toBe(false),
  );
});

describe('readsAsMarkup: text an HTML parser takes for markup', () => {
  it.each(['<svg/onload=alert(1)>', 'x<y', '</', '<!doctype', '<?php', '<p>x</p>', 'a <B'])(
    'takes %j for markup',
    (value) => expect(readsAsMarkup(value)).toBe(true),
  );
  it.each(['a < b', 'I <3 tea', 'a > b', '<', '<<>>', '1 <2> 3', '<é', 'Tom & Jerry', ''])(
    'takes %j for text',
    (value) => expect(readsAsMarkup(value)).toBe(false),
  );
});

describe('textAsHtml', () => {
  it('writes text as one paragraph, escaped, its line breaks kept', () => {
    expect(textAsHtml('<svg/onload=alert(1)> & x<y')).toBe(
      '<p>&lt;svg/onload=alert(1)&gt; &amp; x&lt;y</p>',
    );
    expect(textAsHtml('a\r\n\nb\rc')).toBe('<p>a<br><br>b<br>c</p>');
    expect(richTextToPlain(textAsHtml('x<y\n\nz'))).toBe('x<y\n\nz');
  });
});

describe('richTextToPlain (the CSV export, the length rule)', () => {
  it('gives plain text back as it is', () => {
    expect(richTextToPlain('First\nsecond  &amp; a < b')).toBe('First\nsecond  &amp; a < b');
  });

  it('removes tags, decodes entities and puts each paragraph and line on a line', () => {
    expect(
      richTextToPlain(
        '<p>Likes <strong>walks</strong> &amp; <em>tea</em></p><p>a<br />b &lt;c&gt;</p>',
      ),
    ).toBe('Likes walks & tea\na\nb <c>');
  });

  it('marks list items, numbered from the list start, nested ones indented', () => {
    expect(
      richTextToPlain(
        '<ul><li><p>one</p><ol start="3"><li><p>three</p></li><li><p>four</p></li></ol></li><li><p>two</p></li></ul><p>after</p>',
      ),
    ).toBe('• one\n  3. three\n  4. four\n• two\nafter');
  });

  it('leaves out what is not text: scripts, styles, comments', () => {
    expect(
      richTextToPlain('<p>a<script>alert("<p>")</script><style>p{}</style><!-- x -->b</p>'),
    ).toBe('ab');
  });

  it('is empty for the empty editor', () => {
    expect(richTextToPlain('<p></p>')).toBe('');
    expect(richTextToPlain('<p> </p><ul><li><p></p></li></ul>')).toBe('');
  });
});

describe('decodeEntities and plainToRichText', () => {
  it('decodes named and numeric references and leaves unknown ones', () => {
    expect(decodeEntities('&lt;&gt;&amp;&quot;&#39;&#x1F600;&nbsp;&bogus;&#0;')).toBe(
      '<>&"\'\u{1F600}\u00a0&bogus;&#0;',
    );
  });

  it('opens plain text in the editor as one paragraph per line, escaped', () => {
    expect(plainToRichText('a < b & c\n\nnext')).toBe('<p>a &lt; b &amp; c</p><p></p><p>next</p>');
    expect(plainToRichText('')).toBe('');
  });
});

describe('isAllowedLink', () => {
  it.each([
    'https://a.example',
    'http://a.example/x?y',
    'mailto:a@b.example',
    ' HTTPS://A.EXAMPLE',
  ])('allows %j', (href) => expect(isAllowedLink(href)).toBe(true));
  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    '//a.example',
    '/x',
    'ftp://a',
    'java\tscript:x',
  ])('refuses %j', (href) => expect(isAllowedLink(href)).toBe(false));
});

describe('sanitizeRichText (the server, before storing)', () => {
  it('keeps plain text unchanged, trimmed', () => {
    expect(sanitizeRichText('  a < b & "c"\nd  ')).toBe('a < b & "c"\nd');
  });

  it('stores text that would read as markup as HTML that reads as it was written', () => {
    expect(sanitizeRichText(' <svg/onload=alert(1)>\nx<y & "z" ')).toBe(
      '<p>&lt;svg/onload=alert(1)&gt;<br />x&lt;y &amp; "z"</p>',
    );
  });

  it('strips scripts, event handlers, styles and unsafe links', () => {
    expect(
      sanitizeRichText(
        '<p style="x" onclick="y">a<script>alert(1)</script><img src=x onerror=alert(1)>' +
          '<a href="javascript:alert(1)">b</a><a href="https://ok.example" onmouseover="z">c</a></p>',
      ),
    ).toBe('<p>ab<a href="https://ok.example" target="_blank" rel="noopener noreferrer">c</a></p>');
  });

  it('writes b and i as the editor does, headings as paragraphs, and drops other tags', () => {
    expect(sanitizeRichText('<h2>T</h2><p><b>B</b><i>I</i><span>S</span><code>C</code></p>')).toBe(
      '<p>T</p><p><strong>B</strong><em>I</em>SC</p>',
    );
  });

  it('keeps a tag around text with entities, so it is not read back as plain text', () => {
    expect(sanitizeRichText('<span>a &amp; b</span>')).toBe('<p>a &amp; b</p>');
  });

  it('stores HTML without text as an empty bio', () => {
    expect(sanitizeRichText('<p></p>')).toBe('');
    expect(sanitizeRichText('<p><br></p><script>x</script>')).toBe('');
  });

  const html = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '<p>',
          '</p>',
          '<strong>',
          '</strong>',
          '<a href="javascript:alert(1)">',
          '<a href="https://x.example" onclick="alert(1)">',
          '</a>',
          '<img src=x onerror=alert(1)>',
          '<script>alert(1)</script>',
          '<ul><li>',
          '</li></ul>',
          '<svg onload=alert(1)>',
          '<b>',
          '</b>',
          '<h1>',
          '</h1>',
          '<a href="https://ok.example">',
          '<iframe src="javascript:x">',
          '&lt;script&gt;',
          '<',
          '>',
          '"',
        ),
        fc.string({ maxLength: 8 }),
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join(''));

  it('never lets a script, an event handler or a javascript: link through, and keeps its text', () => {
    fc.assert(
      fc.property(html, (value) => {
        const clean = sanitizeRichText(value);
        if (!readsAsMarkup(value)) {
          // Plain text no reader takes for markup is stored as it was sent.
          expect(clean).toBe(value.trim());
        } else if (!isRichText(value)) {
          // Text that would read as markup is stored as HTML that reads as it was written.
          expect(isRichText(clean)).toBe(true);
          expect(clean).not.toMatch(/<(?!\/?(?:p|br)\b)/);
          expect(richTextToPlain(clean)).toBe(
            value
              .trim()
              .replace(/\r\n?/g, '\n')
              .replace(/[ \t\u00a0]+$/gm, ''),
          );
        } else if (clean !== '') {
          expect(isRichText(clean)).toBe(true);
          expect(clean).not.toMatch(/<script|<img|<svg|<iframe|\son\w+=|javascript:/i);
          // Sanitising again keeps the text (misnested markup may be re-nested, as a browser does).
          expect(richTextToPlain(sanitizeRichText(clean))).toBe(richTextToPlain(clean));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the bio length rule', () => {
  const bio = (value: string) =>
    contactSchema('create').safeParse({
      email: 'a@b.example',
      firstName: 'A',
      lastName: 'B',
      role: 'participant',
      status: 'active',
      bio: value,
    });

  it('counts the text, not the markup', () => {
    const text = 'x'.repeat(LIMITS.bioText);
    expect(bio(text).success).toBe(true);
    expect(bio(`<p><strong><em>${text}</em></strong></p>`).success).toBe(true);
    expect(bio(`${text}y`).success).toBe(false);
    expect(bio(`<p>${text}y</p>`).success).toBe(false);
  });

  it('caps the HTML too', () => {
    expect(bio(`<p>${'<strong></strong>'.repeat(LIMITS.bioHtml / 10)}x</p>`).success).toBe(false);
  });
});

describe('the bio in the editor (console)', () => {
  it('opens plain text as paragraphs and HTML as it is', () => {
    expect(bioToEditor('a\nb & c')).toBe('<p>a</p><p>b &amp; c</p>');
    expect(bioToEditor('<p><strong>x</strong></p>')).toBe('<p><strong>x</strong></p>');
    expect(bioToEditor('')).toBe('');
    expect(bioToEditor(null)).toBe('');
  });

  it('saves unformatted paragraphs as plain text, a line each', () => {
    expect(bioFromEditor('<p>Tom &amp; Jerry</p><p></p><p>a &lt; b</p>')).toBe(
      'Tom & Jerry\n\na < b',
    );
  });

  it('keeps formatting, line breaks and text that would read as HTML as HTML', () => {
    for (const html of [
      '<p><strong>x</strong></p>',
      '<p>a<br>b</p>',
      '<ul><li><p>x</p></li></ul>',
      '<p>&lt;b&gt;not bold&lt;/b&gt;</p>',
      '<p>&lt;svg/onload=alert(1)&gt;</p>',
      '<p>x&lt;y</p>',
    ]) {
      expect(bioFromEditor(html)).toBe(html);
    }
  });

  it('gives plain text back as it opened', () => {
    for (const text of ['one', 'a\n\nb', 'x < y & z', ' spaced ']) {
      expect(bioFromEditor(bioToEditor(text))).toBe(text);
    }
  });
});
