import { CONVERSATION_LIMIT } from '../../shared/constants';
import type {
  ApiConsentLog,
  ApiConversation,
  ApiInboundMessage,
  ApiSimulateReplyResponse,
} from '../../shared/responses/messages';
import { httpClient } from './httpClient';

/** A contact's conversation and consent (issue 12), and the SMS set-up the console adapts to. */

const contactPath = (contactId: string | number) =>
  `/contacts/${encodeURIComponent(String(contactId))}`;

/**
 * GET /api/contacts/{id}/conversation: the newest messages to and from the contact, newest
 * first; with `before` (an entry's `at`), the page of those before it.
 */
export async function getContactConversation(
  contactId: string | number,
  { before, limit = CONVERSATION_LIMIT.default }: { before?: string; limit?: number } = {},
): Promise<ApiConversation> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  const { json } = await httpClient(`${contactPath(contactId)}/conversation?${query}`);
  return json as ApiConversation;
}

/** GET /api/contacts/{id}/consent: the contact's consent log, newest first. */
export async function getContactConsent(contactId: string | number): Promise<ApiConsentLog> {
  const { json } = await httpClient(`${contactPath(contactId)}/consent`);
  return json as ApiConsentLog;
}

/**
 * POST /api/contacts/{id}/simulate-reply (the log provider only): handles `body` as a reply from
 * the contact's phone and returns the stored reply. A refused body rejects with an HttpError whose
 * body carries `errors` for the form (see httpClient).
 */
export async function simulateReply(
  contactId: string | number,
  body: string,
): Promise<ApiInboundMessage> {
  const { json } = await httpClient(`${contactPath(contactId)}/simulate-reply`, {
    method: 'POST',
    body: JSON.stringify({ body }),
  });
  return (json as ApiSimulateReplyResponse).message;
}
