import { z } from 'zod';
import { messages } from '../messages';
import { PASSWORD_MAX_LENGTH } from './common';
import { nameFields } from './contact';
import { newPasswordFields } from './set-password';

const t = messages.profileApi;

/**
 * PUT /api/profile and Profile's name form: the first and last name, with the contact form's rules
 * and texts. Anything else in the body (role, email, status, a password...) is refused by name
 * rather than ignored, so a client never believes it changed what it cannot change here.
 */
export const profileNameSchema = z
  .object(nameFields)
  // Not z.never(): zod turns that into one 'Unrecognized keys' issue; this names each field.
  .catchall(z.custom<never>(() => false, { error: t.onlyNameEditable }));

export type ProfileNameInput = z.output<typeof profileNameSchema>;

/**
 * POST /api/profile/password and Profile's password form: the current password, then a new one
 * under the set-password rules and texts. A current password longer than any Tidings accepts
 * cannot be the right one, and is refused before it is hashed.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: t.currentPasswordRequired })
      .min(1, { error: t.currentPasswordRequired })
      .max(PASSWORD_MAX_LENGTH, { error: t.currentPasswordWrong }),
  })
  .and(newPasswordFields);

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** How many of a user's live sessions GET /api/profile/sessions lists (the current one always). */
export const PROFILE_SESSIONS_LIMIT = 50;
