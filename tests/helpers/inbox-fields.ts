import type { ApiInboundMessage } from '../../src/shared/responses/messages';

/**
 * The inbox's fields of a reply nobody has touched: new, assigned to nobody, needing no decision.
 * A keyword Tidings answered itself is the same but handled (`state: 'handled'`, with its time).
 */
export const UNTOUCHED_IN_INBOX = {
  state: 'new',
  assigneeId: null,
  assigneeName: null,
  handledAt: null,
  handledByName: null,
  reviewDecision: null,
  reviewedByName: null,
  reviewedAt: null,
} as const satisfies Partial<ApiInboundMessage>;
