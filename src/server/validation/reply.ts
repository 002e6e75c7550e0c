import { z } from 'zod';
import { INBOUND_LIMITS } from '../../shared/consent';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import { requiredString } from '../../shared/validation/common';
import { serverTexts } from '../texts';

const t = serverTexts.inbound.api;

/** POST /api/contacts/{id}/simulate-reply: the reply, as long as one Twilio would deliver. */
export const simulateReplySchema = z.object({
  body: requiredString(messages.conversations.simulate.bodyRequired).max(INBOUND_LIMITS.bodyMax, {
    error: formatMessage(t.bodyTooLong, { max: INBOUND_LIMITS.bodyMax }),
  }),
});

export type SimulateReplyInput = z.infer<typeof simulateReplySchema>;
