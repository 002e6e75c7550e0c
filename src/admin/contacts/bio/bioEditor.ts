import type { EditorOptions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { BIO_HTML, isAllowedLink } from '../../../shared/rich-text';

/**
 * The attributes pasted HTML keeps where the editor would read them: a link's address and a
 * list's start. Without this, a pasted link would keep its class, title, target and rel, and a
 * list its type, which the server removes. Other elements keep theirs: the editor reads pasted
 * formatting from them (Google Docs marks "not bold" with a style) and writes none of them.
 */
const PASTED_ATTRIBUTES: Record<string, readonly string[]> = { a: ['href'], ol: ['start'] };

export function keepAllowedAttributes(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const [tag, allowed] of Object.entries(PASTED_ATTRIBUTES)) {
    for (const element of doc.body.querySelectorAll(tag)) {
      for (const name of element.getAttributeNames()) {
        if (!allowed.includes(name)) element.removeAttribute(name);
      }
    }
  }
  return doc.body.innerHTML;
}

/**
 * The bio editor writes only what the server keeps (BIO_HTML in shared/rich-text.ts): StarterKit
 * without headings, quotes, code, strike-through and rules; links with the fixed target and rel
 * and the allowed schemes. Pasted HTML is read into this schema, so other tags never reach a save.
 * `label` names the editing area, as the multi-line text field it replaces was named.
 */
export function bioEditorOptions(label: string): Partial<EditorOptions> {
  return {
    extensions: [
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          defaultProtocol: 'https',
          HTMLAttributes: { target: BIO_HTML.linkTarget, rel: BIO_HTML.linkRel, class: null },
          isAllowedUri: (url) => isAllowedLink(url),
        },
      }),
    ],
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label },
      transformPastedHTML: keepAllowedAttributes,
    },
  };
}
