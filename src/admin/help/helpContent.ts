import raw from './help.md?raw';
import { fillPlaceholders } from './helpValues';

/** The Help page's Markdown with every placeholder filled from src/shared (see helpValues.ts). */
export const HELP_MARKDOWN = fillPlaceholders(raw);

/** A heading's anchor: 'Quiet hours and the delivery cutoff' -> 'quiet-hours-and-the-delivery-cutoff'. */
export const headingId = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The text before the first section (the introduction, shown above the table of contents) and
 * the sections themselves.
 */
export function splitIntro(markdown: string): { intro: string; body: string } {
  const first = markdown.search(/^## /m);
  if (first < 0) return { intro: markdown, body: '' };
  return { intro: markdown.slice(0, first), body: markdown.slice(first) };
}

/** The page's sections (its `##` headings), for the table of contents. */
export function helpSections(markdown: string): { id: string; title: string }[] {
  return [...markdown.matchAll(/^## +(.+?) *$/gm)].map((match) => ({
    id: headingId(match[1]!),
    title: match[1]!,
  }));
}
