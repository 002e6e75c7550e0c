import { randomBytes } from 'node:crypto';
import { SHORT_CODE_LENGTH } from '../../shared/message-settings';

/** The longest code `/l/{code}` looks up: no code is ever made this long; anything longer is junk. */
export const SHORT_CODE_MAX_LENGTH = 32;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The largest multiple of 62 a byte can hold (248 = 4 × 62): bytes from 248 up are dropped, so
 * that `byte % 62` takes every character with the same chance (a plain `% 62` of every byte would
 * favour the first eight characters).
 */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** The text of a code of any length Tidings makes or may make later (the table's check agrees). */
const CODE_SHAPE = new RegExp(`^[0-9A-Za-z]{${SHORT_CODE_LENGTH},${SHORT_CODE_MAX_LENGTH}}$`);

/**
 * Random bytes drawn a page at a time: the planner draws a code per recipient, and one call to the
 * random source per code costs more than the rest of a recipient's message (Node's `randomUUID`
 * keeps a cache of random bytes the same way).
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let taken = 0;

function randomByte(): number {
  if (taken >= pool.length) {
    pool = randomBytes(POOL_SIZE);
    taken = 0;
  }
  return pool[taken++]!;
}

/** A new random code, from the operating system's cryptographic random source. */
export function newShortCode(): string {
  let code = '';
  while (code.length < SHORT_CODE_LENGTH) {
    // About 3% of bytes are dropped (see UNBIASED_LIMIT).
    const byte = randomByte();
    if (byte < UNBIASED_LIMIT) code += ALPHABET[byte % ALPHABET.length];
  }
  return code;
}

/** Whether `text` could be a code at all: only such text is looked up. */
export const isShortCodeShape = (text: string) => CODE_SHAPE.test(text);
