import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { bioEditorOptions } from '../../src/admin/contacts/bio/bioEditor';
import { sanitizeRichText } from '../../src/server/services/rich-text';
import { BIO_HTML } from '../../src/shared/rich-text';

/**
 * The bio editor and the server's sanitiser agree: everything the editor writes is kept as it is,
 * every allowed tag is one the editor writes, and what the editor cannot write it does not keep.
 */
let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** HTML pasted into the editor, as the editor writes it back. */
function pasted(html: string): string {
  editor = new Editor({ ...bioEditorOptions('Bio'), content: '' });
  // jsdom has no ClipboardEvent; ProseMirror only reads its type and clipboard data.
  editor.view.pasteHTML(html, new Event('paste') as ClipboardEvent);
  return editor.getHTML();
}

/** The same document, whatever the attribute order or `<br>` spelling. */
const sameDocument = (a: string, b: string) => {
  const parse = (html: string) => {
    const template = document.createElement('template');
    template.innerHTML = html;
    return template.content;
  };
  return parse(a).isEqualNode(parse(b));
};

const tagsOf = (html: string) =>
  new Set([...html.matchAll(/<([a-z][a-z0-9]*)/g)].map(([, tag]) => tag!));

describe('the bio editor and the sanitiser', () => {
  const everyFormat =
    '<p><strong>bold</strong> <em>italic</em> <u>underlined</u><br>next line ' +
    '<a href="https://tidings.example/a?b=1&amp;c=2">site</a> <a href="mailto:a@b.example">mail</a></p>' +
    '<ul><li><p>one</p><ol start="3"><li><p>three</p></li></ol></li></ul>';

  it('keeps all the editor writes, and the editor writes every allowed tag', () => {
    const html = pasted(everyFormat);
    const clean = sanitizeRichText(html);
    expect(sameDocument(clean, html), `${html}\n${clean}`).toBe(true);
    expect([...tagsOf(html)].sort()).toEqual([...BIO_HTML.tags].sort());
  });

  it('writes no tag or attribute the sanitiser would remove', () => {
    const html = pasted(
      '<h1>Title</h1><blockquote><p>quote</p></blockquote><pre><code>code</code></pre><hr>' +
        '<p><s>struck</s> <span style="color:red" onclick="x()">styled</span> <img src="x" onerror="alert(1)">' +
        '<a href="javascript:alert(1)">bad</a> <a href="https://ok.example" class="c">ok</a></p>',
    );
    expect(html).toContain('<p>Title</p>');
    expect(html).toContain(
      '<a target="_blank" rel="noopener noreferrer" href="https://ok.example">',
    );
    for (const tag of tagsOf(html)) expect(BIO_HTML.tags).toContain(tag);
    expect(html).not.toMatch(/style=|onclick|onerror|javascript:|class=/);
    expect(sameDocument(sanitizeRichText(html), html), html).toBe(true);
  });
});
