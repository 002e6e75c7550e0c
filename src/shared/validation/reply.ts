import { z } from 'zod';
import { INBOUND_LIMITS } from '../consent';
import { formatMessage } from '../format';
import { messages } from '../messages';
import { requiredString } from './common';

const t = messages.inbound.api;

/** POST /api/contacts/{id}/simulate-reply: the reply, as long as one Twilio would deliver. */
export const simulateReplySchema = z.object({
  body: requiredString(t.bodyRequired).max(INBOUND_LIMITS.bodyMax, {
    error: formatMessage(t.bodyTooLong, { max: INBOUND_LIMITS.bodyMax }),
  }),
});

export type SimulateReplyInput = z.infer<typeof simulateReplySchema>;
