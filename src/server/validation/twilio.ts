import { z } from 'zod';

/**
 * What Twilio's webhooks post, as the API's reference describes them. The server reads these
 * forms itself, after checking Twilio's signature over every field exactly as sent, so they are
 * not parsed before that (see server/http/twilio-request.ts); a field it needs that is missing
 * is answered there. Twilio sends more fields than these, all of them signed.
 */

const field = z.string();

/** POST /api/webhooks/twilio/status: a message's new status. */
export const twilioStatusForm = z.looseObject({
  MessageSid: field,
  MessageStatus: field,
  ErrorCode: field.optional(),
  ErrorMessage: field.optional(),
});

/**
 * The status callback's query: the outbox message it is about. One that is missing or is no id
 * names no message, and the callback is still answered 204 (it tells a caller nothing).
 */
export const twilioStatusQuery = z.object({ message: z.uuid().optional().catch(undefined) });

/** POST /api/webhooks/twilio/inbound: a message a phone sent to Tidings' number. */
export const twilioInboundForm = z.looseObject({
  MessageSid: field,
  From: field,
  To: field.optional(),
  Body: field.optional(),
  MediaUrl0: field.optional(),
});
