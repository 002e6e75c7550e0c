import { z } from 'zod';
import { messageSettingsSchema } from '../message-settings';
import {
  CONSENT_EVENTS,
  CONSENT_SOURCES,
  INBOUND_INTENTS,
  INBOUND_STATES,
  REVIEW_DECISIONS,
} from '../consent';
import { MESSAGE_EVENT_SOURCES, MESSAGE_KINDS, MESSAGE_STATUSES, SMS_PROVIDERS } from '../delivery';
import { messageOpensSchema } from './clicks';
import { listOf } from './common';
import { messageMediaSchema } from './products';

/** The outbox, replies received, consent and the SMS set-up. */

const time = z.iso.datetime();
const status = z.enum(MESSAGE_STATUSES);

/** An outbound SMS/MMS as GET /api/messages lists it. Times are ISO strings or null. */
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
  sentByName: z
    .string()
    .nullable()
    .describe(
      'The staff member who asked for it (a staff reply, a test send, an opt-in request); ' +
        'null for what Tidings sends by itself',
    ),
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
  linkOpens: messageOpensSchema
    .nullable()
    .describe('Its tracked links and their counted clicks; null for a message without one'),
});
export type ApiMessage = z.infer<typeof apiMessageSchema>;

export const messageListResponse = listOf('messages', apiMessageSchema);
/** POST /api/messages/test (201), POST /api/messages/{id}/retry, a staff reply. */
export const messageResponse = z.object({ message: apiMessageSchema });
export type ApiMessageResponse = z.infer<typeof messageResponse>;

/** One change in an outbound message's life. */
const messageEventSchema = z.object({
  status,
  source: z.enum(MESSAGE_EVENT_SOURCES),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  at: time,
});
export type ApiMessageEvent = z.infer<typeof messageEventSchema>;

/** GET /api/messages/{id}: the message with its history, oldest change first. */
const messageDetailSchema = apiMessageSchema.extend({ history: z.array(messageEventSchema) });
export type ApiMessageDetail = z.infer<typeof messageDetailSchema>;

export const messageDetailResponse = z.object({ message: messageDetailSchema });

/** An SMS/MMS a phone sent to Tidings. */
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
});
export type ApiInboundMessage = z.infer<typeof inboundMessageSchema>;

export const inboundListResponse = listOf('messages', inboundMessageSchema);
export const inboundMessageResponse = z.object({ message: inboundMessageSchema });
/** POST /api/contacts/{id}/simulate-reply: the stored reply (and what it did, in the log). */
export const simulateReplyResponse = inboundMessageResponse;
export type ApiSimulateReplyResponse = z.infer<typeof simulateReplyResponse>;

/** GET /api/inbound-messages/counts: the inbox at a glance (the top bar, the dashboard). */
export const inboxCountsResponse = z.object({
  /** New messages. */
  new: z.number().int(),
  /** New messages assigned to the signed-in user. */
  mine: z.number().int(),
  /** Replies that may be requests to stop, still waiting for a decision. */
  needsReview: z.number().int(),
});
export type ApiInboxCounts = z.infer<typeof inboxCountsResponse>;

/** One row of the consent log (GET /api/contacts/{id}/consent), newest first. */
const consentEventSchema = z.object({
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
});
export type ApiConsentEvent = z.infer<typeof consentEventSchema>;

export const consentLogResponse = z.object({ events: z.array(consentEventSchema) });
export type ApiConsentLog = z.infer<typeof consentLogResponse>;

/**
 * One entry of a contact's conversation (GET /api/contacts/{id}/conversation): a message Tidings
 * sent them (`out`, with its status) or one they sent (`in`, with what it asked for). `at` is when
 * it stands in the thread: for `out`, when it was handed to the provider (its `sentAt`) or, while
 * it has not been, when it is due (its `sendAfter`); for `in`, when it arrived.
 */
const conversationEntrySchema = z.discriminatedUnion('direction', [
  apiMessageSchema.extend({ direction: z.literal('out'), at: time }),
  inboundMessageSchema.extend({ direction: z.literal('in'), at: time }),
]);
export type ApiConversationEntry = z.infer<typeof conversationEntrySchema>;

/** Newest first; `before` (an ISO time) of the next call is the last entry's `at` while hasMore. */
export const conversationResponse = z.object({
  entries: z.array(conversationEntrySchema),
  hasMore: z.boolean(),
});
export type ApiConversation = z.infer<typeof conversationResponse>;

/** GET /api/sms: what the console needs to know of the SMS set-up (signed in). */
export const smsSettingsResponse = z.object({
  provider: z.enum(SMS_PROVIDERS),
  /** Simulate reply is offered (the log provider only: with Twilio, replies come from phones). */
  simulateReplies: z.boolean(),
  /** Test sends allowed per user in `windowMinutes` (TEST_SEND_LIMIT). */
  testSendLimit: z.object({ max: z.number().int(), windowMinutes: z.number() }),
  /** How the product editor counts a program message as sent (short links, personal fields). */
  messages: messageSettingsSchema,
});
export type ApiSmsSettings = z.infer<typeof smsSettingsResponse>;

/** POST /api/media: the stored file, as a product message names it. */
export const mediaUploadResponse = messageMediaSchema.extend({ id: z.uuid() });
