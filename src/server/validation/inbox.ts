import { z } from 'zod';
import { INBOUND_STATES, REVIEW_DECISIONS } from '../../shared/consent';
import type { InboundPatch } from '../../shared/validation/inbox';
import { serverTexts } from '../texts';
import { oneSegment } from './test-message';

/**
 * The inbox and staff replies: PATCH /api/inbound-messages/{id}, POST
 * /api/inbound-messages/{id}/review and POST /api/contacts/{id}/messages.
 */

const t = serverTexts.inboxApi;
const r = serverTexts.staffReplies.api;

/** Marks a reply new or handled, and/or assigns it (null: to nobody). At least one is given. */
export const inboundPatchSchema = z
  .object({
    state: z.enum(INBOUND_STATES, { error: t.invalidState }).optional(),
    assigneeId: z.uuid({ error: t.invalidAssignee }).nullable().optional(),
  })
  .refine((patch) => patch.state !== undefined || patch.assigneeId !== undefined, {
    error: t.nothingToChange,
  }) satisfies z.ZodType<InboundPatch>;

/** A staff member's decision on a reply that needs review. */
export const reviewDecisionSchema = z.object({
  decision: z.enum(REVIEW_DECISIONS, { error: t.invalidDecision }),
});

/** POST /api/contacts/{id}/messages: the text, and optionally one uploaded image, GIF or video. */
export const staffReplySchema = z.object({
  body: z
    .string({ error: r.invalidBody })
    .trim()
    .min(1, { error: r.bodyRequired })
    .superRefine(oneSegment(r.bodyTooLong)),
  mediaUrl: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z
      .string({ error: serverTexts.testSends.api.invalidMediaUrl })
      .trim()
      .max(2048, { error: serverTexts.testSends.api.mediaNotFound })
      .optional(),
  ),
});
export type StaffReplyInput = z.output<typeof staffReplySchema>;
