import fc from 'fast-check';
import parseRange from 'range-parser';
import { describe, expect, it } from 'vitest';
import { byteRanges } from '../../src/server/http/byte-ranges';

/**
 * Byte ranges (RFC 9110 §14.1.2) against `range-parser`, the parser Express and `send` use, over
 * generated headers; and the RFC's own words where the two differ: a suffix longer than the
 * representation means all of it (range-parser finds it unsatisfiable), and a range whose last
 * byte comes before its first makes the header invalid, to be ignored.
 */

const size = fc.integer({ min: 1, max: 5000 });
const position = fc.nat(6000);
const spec = fc.oneof(
  fc.tuple(position, position).map(([a, b]) => (a <= b ? `${a}-${b}` : `${b}-${a}`)),
  position.map((a) => `${a}-`),
  fc.integer({ min: 1, max: 6000 }).map((n) => `-${n}`),
);
const header = fc
  .tuple(fc.array(spec, { minLength: 1, maxLength: 4 }), fc.constantFrom(',', ', ', ' , '))
  .map(([specs, comma]) => `bytes=${specs.join(comma)}`);

describe('byte ranges', () => {
  it('are those range-parser finds, but a suffix longer than the file is all of it', () => {
    fc.assert(
      fc.property(size, header, (n, value) => {
        const ours = byteRanges(value, n);
        // What range-parser would find with each too-long suffix read as the RFC reads it.
        const theirs = parseRange(
          n,
          value.replace(/-(\d+)/g, (whole, digits: string, at: number) =>
            value[at - 1] === '=' || value[at - 1] === ' ' || value[at - 1] === ','
              ? `-${Math.min(Number(digits), n)}`
              : whole,
          ),
        );
        if (theirs === -1) expect(ours).toBe('unsatisfiable');
        else if (theirs === -2) expect(ours).toBeNull();
        else expect(ours).toEqual([...theirs].map(({ start, end }) => ({ start, end })));
      }),
      { numRuns: 2000 },
    );
  });

  it('take a suffix longer than the file as all of it', () => {
    expect(byteRanges('bytes=-5000', 4096)).toEqual([{ start: 0, end: 4095 }]);
  });

  it('make a header with a last byte before its first, or not of bytes, one to ignore', () => {
    for (const value of [
      'bytes=9-5',
      'bytes=0-1,9-5',
      'lines=1-2',
      'bytes=x-y',
      'bytes=-',
      'bytes=',
    ]) {
      expect(byteRanges(value, 4096), value).toBeNull();
    }
  });

  it('find nothing in the file for ranges that start past its end, or an empty suffix', () => {
    expect(byteRanges('bytes=4096-', 4096)).toBe('unsatisfiable');
    expect(byteRanges('bytes=-0', 4096)).toBe('unsatisfiable');
    expect(byteRanges('bytes=4096-5000,-0', 4096)).toBe('unsatisfiable');
  });
});
