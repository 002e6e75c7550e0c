import { z } from 'zod';
import {
  CONSENT_EVENTS,
  CONSENT_SOURCES,
  INBOUND_INTENTS,
  INBOUND_STATES,
  REVIEW_DECISIONS,
} from '../consent';
import { MESSAGE_EVENT_SOURCES, MESSAGE_KINDS, MESSAGE_STATUSES, SMS_PROVIDERS } from '../delivery';
import type {
  ApiConsentLog,
  ApiConversation,
  ApiInboundMessage,
  ApiInboxCounts,
  ApiMessage,
  ApiMessageDetail,
  ApiSmsSettings,
} from '../types';
import { listOf } from './common';
import { messageMediaSchema } from './products';

/** The outbox, replies received, consent and the SMS set-up. */

const time = z.iso.datetime();
const status = z.enum(MESSAGE_STATUSES);

export const apiMessageSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  kind: z.enum(MESSAGE_KINDS),
  status,
  toPhone: z.string(),
  body: z.string(),
  mediaUrl: z.string().nullable(),
  programId: z.uuid().nullable(),
  programName: z.string().nullable(),
  contactId: z.uuid().nullable(),
  contactName: z.string().nullable(),
  day: z.number().int().nullable(),
  segments: z.number().int(),
  attempts: z.number().int(),
  providerMessageId: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  sendAfter: time,
  sentAt: time.nullable(),
  deliveredAt: time.nullable(),
  createdAt: time,
}) satisfies z.ZodType<ApiMessage>;

export const messageListResponse = listOf('messages', apiMessageSchema);
export const messageResponse = z.object({ message: apiMessageSchema });
export const messageDetailResponse = z.object({
  message: apiMessageSchema.extend({
    history: z.array(
      z.object({
        status,
        source: z.enum(MESSAGE_EVENT_SOURCES),
        errorCode: z.string().nullable(),
        errorMessage: z.string().nullable(),
        at: time,
      }),
    ),
  }) satisfies z.ZodType<ApiMessageDetail>,
});

const inboundMessageSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  providerMessageId: z.string(),
  fromPhone: z.string(),
  toPhone: z.string(),
  body: z.string(),
  mediaUrls: z.array(z.string()),
  contactId: z.uuid().nullable(),
  contactName: z.string().nullable(),
  intent: z.enum(INBOUND_INTENTS).nullable(),
  receivedAt: time,
  simulatedBy: z
    .uuid()
    .nullable()
    .describe('The staff user who typed it with Simulate reply; null for a message a phone sent'),
  simulatedByName: z.string().nullable().describe('Their full name, when simulated'),
  state: z
    .enum(INBOUND_STATES)
    .describe('The inbox: new until a staff member marks it handled (replying does)'),
  assigneeId: z.uuid().nullable().describe('The staff member it is assigned to; null: unassigned'),
  assigneeName: z.string().nullable(),
  handledAt: time.nullable(),
  handledByName: z
    .string()
    .nullable()
    .describe('Who marked it handled; null with a handledAt: Tidings answered it (a keyword)'),
  reviewDecision: z
    .enum(REVIEW_DECISIONS)
    .nullable()
    .describe('For a reply that needs review: optout or not_optout once decided; null until then'),
  reviewedByName: z.string().nullable(),
  reviewedAt: time.nullable(),
}) satisfies z.ZodType<ApiInboundMessage>;

export const inboundListResponse = listOf('messages', inboundMessageSchema);
export const inboundMessageResponse = z.object({ message: inboundMessageSchema });
export const simulateReplyResponse = inboundMessageResponse;
export const inboxCountsResponse = z.object({
  new: z.number().int(),
  mine: z.number().int(),
  needsReview: z.number().int(),
}) satisfies z.ZodType<ApiInboxCounts>;

export const consentLogResponse = z.object({
  events: z.array(
    z.object({
      id: z.uuid(),
      contactId: z.uuid().nullable(),
      phone: z.string(),
      event: z.enum(CONSENT_EVENTS),
      source: z
        .enum(CONSENT_SOURCES)
        .describe(
          "keyword: the phone's own reply; staff: a staff user on the contact form; provider: " +
            "the SMS provider's report (21610); simulated: a reply a staff user typed with " +
            "Simulate reply, in effect but never the phone's own consent",
        ),
      staffUserId: z
        .uuid()
        .nullable()
        .describe('The staff user, for staff and simulated rows (who typed the reply)'),
      staffName: z.string().nullable(),
      keyword: z.string().nullable(),
      text: z.string().nullable(),
      at: time,
    }),
  ),
}) satisfies z.ZodType<ApiConsentLog>;

export const conversationResponse = z.object({
  entries: z.array(
    z.discriminatedUnion('direction', [
      apiMessageSchema.extend({ direction: z.literal('out'), at: time }),
      inboundMessageSchema.extend({ direction: z.literal('in'), at: time }),
    ]),
  ),
  hasMore: z.boolean(),
}) satisfies z.ZodType<ApiConversation>;

export const smsSettingsResponse = z.object({
  provider: z.enum(SMS_PROVIDERS),
  simulateReplies: z.boolean(),
  testSendLimit: z.object({ max: z.number().int(), windowMinutes: z.number() }),
}) satisfies z.ZodType<ApiSmsSettings>;

/** POST /api/media: the stored file, as a product message names it. */
export const mediaUploadResponse = messageMediaSchema.extend({ id: z.uuid() });
