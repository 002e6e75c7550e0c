import type {
  ApiMessage,
  ApiMessageResponse,
  ApiSmsSettings,
} from '../../shared/responses/messages';
import type { ApiProgramDeliveries } from '../../shared/responses/programs';
import type { TestMessageRequest } from '../../shared/validation/test-message';
import { httpClient } from './httpClient';

/** The outbox calls beyond react-admin's list and getOne of the `messages` resource. */

/** GET /api/programs/{id}/deliveries: the program's messages counted by day and status. */
export async function getProgramDeliveries(
  programId: string | number,
): Promise<ApiProgramDeliveries> {
  const { json } = await httpClient(
    `/programs/${encodeURIComponent(String(programId))}/deliveries`,
  );
  return json as ApiProgramDeliveries;
}

/**
 * POST /api/messages/{id}/retry (admins): queues a `failed` or `unknown` message again. The
 * console asks first for an `unknown` one, which may already have been delivered.
 */
export async function retryMessage(id: string | number): Promise<ApiMessage> {
  const { json } = await httpClient(`/messages/${encodeURIComponent(String(id))}/retry`, {
    method: 'POST',
  });
  return (json as ApiMessageResponse).message;
}

/**
 * POST /api/messages/test: one message to a phone (`to`) or a contact, sent at once (201). A 400
 * carries field `details` (see httpClient), a 409 a number that opted out, a 429 the rate limit.
 */
export async function sendTestMessage(request: TestMessageRequest): Promise<ApiMessage> {
  const { json } = await httpClient('/messages/test', {
    method: 'POST',
    body: JSON.stringify(request),
  });
  return (json as ApiMessageResponse).message;
}

/** GET /api/sms: the SMS provider in use and the test-send limit. */
export async function getSmsSettings(): Promise<ApiSmsSettings> {
  const { json } = await httpClient('/sms');
  return json as ApiSmsSettings;
}
