import type { ApiKey, CreatedApiKeyResponse } from '../../shared/responses/api-keys';
import type { CreateApiKeyInput } from '../../shared/validation/api-key';
import { httpClient } from './httpClient';

/** POST /api/api-keys: the key and its secret, which the API answers this once. */
export async function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKeyResponse> {
  const { json } = await httpClient('/api-keys', {
    method: 'POST',
    body: JSON.stringify(input),
  });
  return json as CreatedApiKeyResponse;
}

/** DELETE /api/api-keys/{id}: the key, revoked. */
export async function revokeApiKey(id: string): Promise<ApiKey> {
  const { json } = await httpClient(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return (json as { apiKey: ApiKey }).apiKey;
}
