import { z } from 'zod';
import { API_KEY_ROLES, API_KEY_STATUSES } from '../api-keys';
import { listOf } from './common';

const time = z.iso.datetime();

/** An API key as the API returns it: never its secret, which only its creation answers, once. */
export const apiKeySchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  name: z.string(),
  role: z.enum(API_KEY_ROLES),
  /** `tid_` and the secret's first characters, to tell keys apart. */
  secretStart: z.string(),
  status: z.enum(API_KEY_STATUSES),
  createdAt: time,
  createdBy: z.object({ id: z.uuid(), fullName: z.string() }),
  expiresAt: time.nullable(),
  revokedAt: time.nullable(),
  lastUsedAt: time.nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeyResponse = z.object({
  apiKey: apiKeySchema,
  /** The key's secret: shown this once, stored only as a hash. */
  secret: z.string(),
});
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponse>;

export const apiKeyResponse = z.object({ apiKey: apiKeySchema });

export const apiKeyListResponse = listOf('apiKeys', apiKeySchema);
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponse>;
