import { z } from 'zod';
import { CONVERSATION_LIMIT } from '../../shared/constants';
import { INBOUND_INTENT_FILTERS, INBOUND_STATES } from '../../shared/consent';
import { formatMessage } from '../../shared/format';
import { serverTexts } from '../texts';
import { listQuerySchema, oneOrMany } from '../../shared/validation/list';
import { parseInstant } from './message';

const t = serverTexts.consentApi;
const invalid = (name: string, what: string) =>
  formatMessage(serverTexts.delivery.api.invalidFilter, { name, what });

/** An instant with its offset (`2026-05-01T09:00:00.000Z`, as the API writes times). */
const instant = (name: string) =>
  z.string().transform((value, ctx) => {
    const date = parseInstant(value.trim());
    if (!date) {
      ctx.addIssue({ code: 'custom', message: invalid(name, t.filterInstant) });
      return z.NEVER;
    }
    return date;
  });

const limitError = invalid('limit', formatMessage(t.filterLimit, { max: CONVERSATION_LIMIT.max }));

/**
 * GET /api/contacts/{id}/conversation: entries older than `before` (exclusive; none: from the
 * newest), at most `limit` of them.
 */
export const conversationQuerySchema = z.object({
  before: instant('before').optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: limitError })
    .transform(Number)
    .pipe(
      z.number().min(1, { error: limitError }).max(CONVERSATION_LIMIT.max, { error: limitError }),
    )
    .default(CONVERSATION_LIMIT.default),
});

export type ConversationQuery = z.output<typeof conversationQuerySchema>;

export const INBOUND_SORT_FIELDS = ['receivedAt', 'fromPhone', 'contactName'] as const;

/**
 * GET /api/inbound-messages: paged and sorted like every list (newest first unless sorted
 * otherwise); `q` searches the text and the phone it came from; filters by contact, by what the
 * reply asked for (one or several, `a,b`) and by whether the phone is a contact's (`matched`).
 */
export const inboundListQuerySchema = listQuerySchema(INBOUND_SORT_FIELDS).extend({
  contactId: z.uuid({ error: invalid('contactId', serverTexts.delivery.api.filterId) }).optional(),
  intent: oneOrMany(INBOUND_INTENT_FILTERS, 'intent'),
  matched: z
    .enum(['true', 'false'], { error: invalid('matched', t.filterMatched) })
    .transform((value) => value === 'true')
    .optional(),
  /** The inbox: new or handled replies. */
  state: z.enum(INBOUND_STATES, { error: invalid('state', t.filterState) }).optional(),
  /** Replies assigned to a staff member, to the signed-in one (`me`), or to nobody (`none`). */
  assigneeId: z
    .union([z.enum(['me', 'none']), z.uuid()], { error: invalid('assigneeId', t.filterAssignee) })
    .optional(),
  /** `pending`: replies that may be requests to stop, still waiting for a decision. */
  review: z.enum(['pending'], { error: invalid('review', t.filterReview) }).optional(),
});

export type InboundListQuery = z.output<typeof inboundListQuerySchema>;

/** GET /api/carrier-registration: optionally, the program whose facts to fill in. */
export const carrierRegistrationQuerySchema = z.object({
  programId: z.uuid({ error: serverTexts.carrierRegistration.programInvalid }).optional(),
});
