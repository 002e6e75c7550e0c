import type { ReviewDecision } from '../../shared/consent';
import type {
  ApiInboundMessage,
  ApiInboxCounts,
  ApiMessage,
} from '../../shared/responses/messages';
import type { InboundPatch } from '../../shared/validation/inbox';
import { httpClient } from './httpClient';

/** The inbox and staff replies (issue 26). Refusals reject with react-admin's HttpError. */

const inboundPath = (id: string | number) => `/inbound-messages/${encodeURIComponent(String(id))}`;

/** GET /api/inbound-messages/counts: new replies, yours, and those needing review. */
export async function getInboxCounts(): Promise<ApiInboxCounts> {
  const { json } = await httpClient('/inbound-messages/counts');
  return json as ApiInboxCounts;
}

/** PATCH /api/inbound-messages/{id}: marks a reply new or handled, and/or assigns it. */
export async function updateInboundMessage(
  id: string | number,
  patch: InboundPatch,
): Promise<ApiInboundMessage> {
  const { json } = await httpClient(inboundPath(id), {
    method: 'PATCH',
    body: JSON.stringify(patch),
  });
  return (json as { message: ApiInboundMessage }).message;
}

/** POST /api/inbound-messages/{id}/review: 'Opt out' or 'Not an opt-out'. */
export async function decideReview(
  id: string | number,
  decision: ReviewDecision,
): Promise<ApiInboundMessage> {
  const { json } = await httpClient(`${inboundPath(id)}/review`, {
    method: 'POST',
    body: JSON.stringify({ decision }),
  });
  return (json as { message: ApiInboundMessage }).message;
}

/** POST /api/contacts/{id}/messages: a staff member's reply; the queued message. */
export async function sendStaffReply(
  contactId: string | number,
  reply: { body: string; mediaUrl: string | null },
): Promise<ApiMessage> {
  const { json } = await httpClient(`/contacts/${encodeURIComponent(String(contactId))}/messages`, {
    method: 'POST',
    body: JSON.stringify(reply),
  });
  return (json as { message: ApiMessage }).message;
}
