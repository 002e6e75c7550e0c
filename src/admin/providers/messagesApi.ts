import type { ApiMessage, ApiProgramDeliveries } from '../../shared/types';
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
  return (json as { message: ApiMessage }).message;
}
