import { z } from 'zod';
import { API_KEY_POLICY, API_KEY_ROLES } from '../api-keys';
import { formatMessage } from '../format';
import { messages } from '../messages';
import { requiredString } from './common';

const t = messages.apiKeys;

/**
 * POST /api/api-keys and the console's New API key form: a name, a role (what the key may do: a
 * host's or an admin's rights) and an optional expiry, a moment with its offset, in the future.
 */
export const createApiKeySchema = z.object({
  name: requiredString(t.nameRequired).max(API_KEY_POLICY.nameMaxLength, {
    error: formatMessage(t.nameTooLong, { max: API_KEY_POLICY.nameMaxLength }),
  }),
  role: z.enum(API_KEY_ROLES, { error: t.roleInvalid }),
  expiresAt: z.iso
    .datetime({ offset: true, error: t.expiresAtInvalid })
    .refine((at) => Date.parse(at) > Date.now(), { error: t.expiresAtPast })
    .nullish(),
});

export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;
