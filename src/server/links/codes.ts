import { SHORT_CODE_LENGTH } from '../../shared/message-settings';
import { randomPoolBytes } from '../random-pool';

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

/** A new random code, from the operating system's cryptographic random source (random-pool.ts). */
export function newShortCode(): string {
  let code = '';
  while (code.length < SHORT_CODE_LENGTH) {
    // About 3% of bytes are dropped (see UNBIASED_LIMIT).
    const byte = randomPoolBytes(1)[0]!;
    if (byte < UNBIASED_LIMIT) code += ALPHABET[byte % ALPHABET.length];
  }
  return code;
}

/** Whether `text` could be a code at all: only such text is looked up. */
export const isShortCodeShape = (text: string) => CODE_SHAPE.test(text);
