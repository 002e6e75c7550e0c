import {
  decodeEntities,
  isRichText,
  plainToRichText,
  readsAsMarkup,
} from '../../../shared/rich-text';

/** The bio as the editor opens it: HTML as it is, plain text as one paragraph per line. */
export const bioToEditor = (value: string | null | undefined): string =>
  value ? (isRichText(value) ? value : plainToRichText(value)) : '';

/** Paragraphs of text and nothing else: no formatting, no lists, no links, no line breaks. */
const PLAIN_PARAGRAPHS = /^(?:<p>[^<]*<\/p>)+$/;

/**
 * The editor's HTML as the bio is saved. Unformatted paragraphs are saved as plain text, a line
 * each, so a bio that was plain text stays plain text (in the CSV and anywhere else it is read)
 * when it is edited without formatting. Text that would read as markup ("<b>", "x<y") stays HTML,
 * escaped, as the server would store it anyway.
 */
export function bioFromEditor(html: string): string {
  if (!PLAIN_PARAGRAPHS.test(html)) return html;
  const text = [...html.matchAll(/<p>([^<]*)<\/p>/g)]
    .map(([, line]) => decodeEntities(line ?? ''))
    .join('\n');
  return readsAsMarkup(text) ? html : text;
}
