import { serverTexts } from '../texts';

const texts = serverTexts.shortLinks;

/**
 * A whole page in a few hundred bytes, for a phone that opened a link that cannot be followed:
 * no script, no console, nothing from the request (so nothing it sent is ever shown back).
 */
function page(title: string, heading: string, hint: string): string {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<body style="font-family: system-ui, sans-serif; margin: 2rem; line-height: 1.5">
<h1 style="font-size: 1.4rem">${heading}</h1>
<p>${hint}</p>
</body>
</html>
`;
}

/** The answer to a code Tidings never made, or to any path under /l/ that is no code. */
export const UNKNOWN_LINK_PAGE = page(texts.unknownTitle, texts.unknown, texts.unknownHint);

/** The answer when the database cannot be asked: the link may well work a little later. */
export const UNAVAILABLE_LINK_PAGE = page(
  texts.unavailableTitle,
  texts.unavailable,
  texts.unavailableHint,
);
