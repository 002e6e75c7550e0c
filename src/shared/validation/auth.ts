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
