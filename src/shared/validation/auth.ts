import { z } from 'zod';
import { EMAIL_MAX_LENGTH, normalizeEmail } from '../email';
import { messages } from '../messages';
import { PASSWORD_MAX_LENGTH, requiredString } from './common';

/** Sign-in (spec section 5, Login): email and password are both required. */
export const loginSchema = z.object({
  email: requiredString(messages.login.emailRequired)
    .max(EMAIL_MAX_LENGTH, { error: messages.auth.invalidCredentials })
    .transform(normalizeEmail),
  password: z
    .string({ error: messages.login.passwordRequired })
    .min(1, { error: messages.login.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: messages.auth.invalidCredentials }),
});

export type LoginInput = z.infer<typeof loginSchema>;

/**
 * POST /api/auth/forgot-password: the address to send a reset link to. An address of no account,
 * or not even of the right shape, is answered like any other (see the route), so only a missing or
 * oversized one is refused.
 */
export const forgotPasswordSchema = z.object({
  email: requiredString(messages.login.emailRequired)
    .max(EMAIL_MAX_LENGTH, { error: messages.contacts.emailInvalid })
    .transform(normalizeEmail),
});

export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
