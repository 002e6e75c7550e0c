import { randomBytes } from 'node:crypto';

/**
 * Bytes from the operating system's cryptographic random source, read a page at a time: the
 * planner draws an id and a short code per recipient, and one call to the source per draw cost
 * more than the rest of a recipient's message (Node's `randomUUID` keeps a cache the same way).
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let taken = 0;

/** The next `length` random bytes (a view of the pool: read them before the next call). */
export function randomPoolBytes(length: number): Buffer {
  if (taken + length > pool.length) {
    pool = randomBytes(POOL_SIZE);
    taken = 0;
  }
  taken += length;
  return pool.subarray(taken - length, taken);
}
