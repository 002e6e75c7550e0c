import { z } from 'zod';
import { LIMITS } from '../constants';
import { messages } from '../messages';
import { PASSWORD_MAX_LENGTH } from './common';

const t = messages.setPassword;

/** The password and its confirmation (spec section 5, Set password), as the page's form holds them. */
export const newPasswordFields = z
  .object({
    password: z
      .string({ error: t.passwordRequired })
      .min(1, { error: t.passwordRequired })
      .min(LIMITS.passwordMin, { error: t.passwordTooShort })
      .max(PASSWORD_MAX_LENGTH, { error: t.passwordTooShort }),
    confirmPassword: z.string({ error: t.confirmRequired }).min(1, { error: t.confirmRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: t.passwordsDoNotMatch,
  });

/**
 * POST /api/contacts/set-password: the password, its confirmation, and the single-use token that
 * the verification (or forgot-password) link gave; a user id alone is never enough.
 */
export const setPasswordSchema = z
  .object({
    userId: z.uuid({ error: t.missingUser }),
    token: z.string({ error: t.failed }).min(1, { error: t.failed }).max(100, { error: t.failed }),
  })
  .and(newPasswordFields);

export type SetPasswordInput = z.output<typeof setPasswordSchema>;
/** The body a client sends (the page's form does). */
export type SetPasswordRequest = z.input<typeof setPasswordSchema>;
