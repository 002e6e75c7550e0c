import { z } from 'zod';

/**
 * A string that must be present and non-blank after trimming. Missing, non-string and blank input
 * all get the one message the spec gives for the field.
 */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message });
}

/** Passwords longer than this are refused before hashing, so a huge body cannot tie up the CPU. */
export const PASSWORD_MAX_LENGTH = 256;
