import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from '../email';
import { messages } from '../messages';
import { requiredString } from './common';

/** POST /api/auth/forgot-password: the address to send a reset link to, if it has an account. */
export const forgotPasswordSchema = z.object({
  email: requiredString(messages.login.emailRequired)
    .max(EMAIL_MAX_LENGTH, { error: messages.contacts.emailInvalid })
    .refine(isValidEmail, { error: messages.contacts.emailInvalid })
    .transform(normalizeEmail),
});

export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;
