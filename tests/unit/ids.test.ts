import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstUuidV7At, uuidV7 } from '../../src/server/db/ids';

/** The Unix milliseconds a version 7 UUID carries in its first 48 bits. */
const timeOf = (id: string) => parseInt(id.replaceAll('-', '').slice(0, 12), 16);

/** Zod's own RFC 9562 version 7 check: a validator written apart from ours. */
const version7 = z.uuidv7();

describe('uuidV7', () => {
  it('makes RFC 9562 version 7 UUIDs carrying the time they were made at, for any time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (now) => {
        const id = uuidV7(now);
        expect(version7.safeParse(id).success).toBe(true);
        expect(timeOf(id)).toBe(now);
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts ids of later times after earlier ones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 48 - 2 }),
        fc.integer({ min: 1, max: 10_000 }),
        (earlier, later) => {
          const laterTime = Math.min(earlier + later, 2 ** 48 - 1);
          expect(uuidV7(earlier) < uuidV7(laterTime)).toBe(true);
        },
      ),
    );
  });

  it('never repeats an id within one millisecond', () => {
    const ids = Array.from({ length: 100_000 }, () => uuidV7(1_795_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('firstUuidV7At', () => {
  it('sorts after every id of an earlier millisecond and before none of its own or later', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 48 - 2 }),
        fc.integer({ min: -10_000, max: 10_000 }),
        (at, delta) => {
          const other = Math.min(Math.max(at + delta, 0), 2 ** 48 - 1);
          expect(version7.safeParse(firstUuidV7At(at)).success).toBe(true);
          expect(uuidV7(other) < firstUuidV7At(at)).toBe(other < at);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
