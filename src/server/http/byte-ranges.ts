/** A range of bytes, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The byte ranges a Range header asks of a representation of `size` bytes (RFC 9110 §14.1.2):
 * `first-last`, `first-` and `-suffix`, separated by commas, a last past the end cut to it and a
 * suffix longer than the representation meaning all of it. Null when the header is not of byte
 * ranges or not well formed (a server then ignores it and sends the whole); 'unsatisfiable' when
 * none of them has a byte in the representation (416).
 */
export function byteRanges(header: string, size: number): ByteRange[] | 'unsatisfiable' | null {
  const ranges = /^bytes=(.*)$/i.exec(header.trim());
  if (!ranges) return null;
  const found: ByteRange[] = [];
  for (const spec of ranges[1]!.split(',')) {
    const parts = /^\s*(\d*)-(\d*)\s*$/.exec(spec);
    if (!parts || (parts[1] === '' && parts[2] === '')) return null;
    const [, first, last] = parts as unknown as [string, string, string];
    if (first === '') {
      const suffix = Number(last);
      if (suffix > 0 && size > 0) found.push({ start: Math.max(0, size - suffix), end: size - 1 });
      continue;
    }
    const start = Number(first);
    if (last !== '' && Number(last) < start) return null;
    if (start >= size) continue;
    found.push({ start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) });
  }
  return found.length > 0 ? found : 'unsatisfiable';
}
