import { Box } from '@mui/material';
import { createElement, useMemo, type ReactNode } from 'react';
import { BIO_HTML, isAllowedLink, isRichText } from '../../../shared/rich-text';

const ALLOWED: ReadonlySet<string> = new Set(BIO_HTML.tags);
/** Elements whose content is not text: left out whole, as the server's sanitiser does. */
const NOT_TEXT = new Set(['script', 'style', 'template', 'textarea', 'noscript', 'title']);

/** The props an allowed element keeps: a link's checked address, a list's start; nothing else. */
function allowedProps(element: Element, key: number): Record<string, unknown> {
  const tag = element.localName;
  const href = element.getAttribute('href');
  if (tag === 'a' && href && isAllowedLink(href)) {
    return { key, href, target: BIO_HTML.linkTarget, rel: BIO_HTML.linkRel };
  }
  const start = element.getAttribute('start');
  if (tag === 'ol' && start && /^\d{1,6}$/.test(start)) return { key, start: Number(start) };
  return { key };
}

/** Parsed HTML as React elements, keeping only the allow-listed tags (the text of others stays). */
function toReact(nodes: NodeListOf<ChildNode>): ReactNode[] {
  return [...nodes].map((node, key) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const element = node as Element;
    const tag = element.localName;
    if (NOT_TEXT.has(tag)) return null;
    const children = toReact(element.childNodes);
    if (tag === 'br') return createElement('br', { key });
    if (tag === 'a' && !allowedProps(element, key).href) return children;
    return ALLOWED.has(tag)
      ? createElement(tag, allowedProps(element, key), ...children)
      : children;
  });
}

/**
 * A contact's bio/notes as it reads: plain text as written (its line breaks kept), HTML as its
 * formatting. The server has sanitised the HTML; it is still read with an inert parser (no script
 * runs, no image loads) and rebuilt from the allow-list only, never set as markup.
 */
export function BioText({ value }: { value: string }) {
  const content = useMemo(
    () =>
      isRichText(value)
        ? toReact(new DOMParser().parseFromString(value, 'text/html').body.childNodes)
        : value,
    [value],
  );
  return (
    <Box
      component="div"
      sx={{
        display: 'block',
        whiteSpace: isRichText(value) ? 'normal' : 'pre-line',
        '& p': { m: 0 },
        '& ul, & ol': { my: 0, pl: 3 },
      }}
    >
      {content}
    </Box>
  );
}
