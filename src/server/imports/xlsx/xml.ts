import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';

/** What a part's reader does with its elements, named without their namespace prefix. */
export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Parses the XML of a byte stream piece by piece, calling `handlers` as it goes, and pauses after
 * each piece, so a caller can hand on what that piece completed before the next is read. Writers
 * differ in prefixes (`x:row`, `r:id`), so names are matched without them.
 */
export async function* xmlPieces(stream: Readable, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    if (!handlers.open) return;
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) {
      attributes[localName(name)] = value as string;
    }
    handlers.open(localName(tag.name), attributes);
  });
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  parser.on('closetag', (tag) => handlers.close?.(localName(tag.name)));
  // Text split across two pieces must not split a character.
  const decoder = new TextDecoder();
  for await (const piece of stream as AsyncIterable<Buffer>) {
    parser.write(decoder.decode(piece, { stream: true }));
    yield;
  }
  parser.write(decoder.decode());
  parser.close();
}

/** Parses a whole (small) part. */
export async function parseXml(stream: Readable, handlers: XmlHandlers): Promise<void> {
  for await (const _ of xmlPieces(stream, handlers));
}

/**
 * Excel writes characters XML cannot hold (a carriage return, other control characters) as
 * `_xHHHH_`, and a literal `_x` as `_x005F_x`.
 */
export const unescapeOoxml = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      )
    : text;
