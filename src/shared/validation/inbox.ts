import type { InboundState } from '../consent';

/**
 * PATCH /api/inbound-messages/{id}: marks a reply new or handled, and/or assigns it (null: to
 * nobody); at least one is given. The rules and their texts are the server's
 * (server/validation/inbox.ts, checked against this type): the console never shows them.
 */
export interface InboundPatch {
  state?: InboundState;
  assigneeId?: string | null;
}
