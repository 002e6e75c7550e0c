import { z } from 'zod';
import { CONSENT_SOURCES } from './consent';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from './webhooks';

/**
 * What each webhook event's `data` holds: the API reference's `webhooks` section is made from
 * these, and the tests check every event Tidings sends against them.
 */

const id = z.uuid();
/** A moment as PostgreSQL writes it in JSON (`2026-03-06T14:00:00+00:00`) or as ISO 8601. */
const time = z.iso.datetime({ offset: true });

const message = z.object({
  messageId: id,
  kind: z.string().meta({ description: 'program, test, reply, optin, …' }),
  contactId: id.nullable(),
  to: z.string().meta({ description: 'The phone it went to (E.164).' }),
  programId: id.nullable(),
  day: z.number().int().nullable(),
  status: z.string(),
  providerMessageId: z.string().nullable(),
  simulated: z.boolean().meta({ description: 'Sent by the log provider: it left no phone.' }),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable().meta({ description: "The provider's words." }),
});

const consent = z.object({
  contactId: id.nullable().meta({ description: 'Null for a number Tidings does not know.' }),
  phone: z.string(),
  source: z.enum(CONSENT_SOURCES),
  keyword: z.string().nullable(),
  staffUserId: id.nullable(),
});

const contact = z.object({
  contactId: id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  bio: z.string(),
  smsVerified: z.boolean(),
});

const enrollment = z.object({
  programId: id,
  contactId: id,
  run: z.number().int(),
  startDate: z.iso.date(),
  enrolledAt: time,
  endedAt: time.nullable(),
});

export const WEBHOOK_EVENT_DATA = {
  'message.sent': message,
  'message.delivered': message,
  'message.failed': message.extend({
    status: z.enum(['failed', 'undelivered']),
    explanation: z
      .string()
      .optional()
      .meta({ description: "Tidings' explanation of the provider's error code." }),
  }),
  'message.received': z.object({
    messageId: id,
    providerMessageId: z.string(),
    from: z.string(),
    to: z.string(),
    body: z.string(),
    mediaUrls: z.array(z.string()),
    contactId: id.nullable(),
    intent: z.string().nullable().meta({ description: 'optin, optout, help, review or null.' }),
    simulated: z.boolean().meta({ description: 'Typed with Simulate reply, not sent by a phone.' }),
  }),
  'contact.opted_in': consent,
  'contact.opted_out': consent,
  'contact.created': contact,
  'contact.updated': contact.extend({
    changed: z.array(z.string()).meta({ description: 'The fields of `data` that changed.' }),
  }),
  'program.day_planned': z.object({
    programId: id,
    startDate: z.iso.date().meta({ description: "The day 0 of the day's participants." }),
    day: z.number().int(),
    sendAt: time,
    status: z.enum(['queued', 'expired']),
    messages: z.number().int().meta({ description: 'Messages written for the day.' }),
  }),
  'enrollment.started': enrollment,
  'enrollment.finished': enrollment,
  'link.clicked': z.object({
    code: z.string(),
    url: z.string(),
    messageId: id.nullable(),
    contactId: id.nullable(),
    programId: id.nullable(),
    day: z.number().int().nullable(),
    userAgent: z.string().nullable(),
  }),
  [WEBHOOK_TEST_EVENT]: z.object({
    webhookId: id,
    sentBy: z.object({ id, fullName: z.string() }),
  }),
} satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodType>;

/** The body of a webhook request of `type`. */
export const webhookEventBody = (type: keyof typeof WEBHOOK_EVENT_DATA) =>
  z.object({ type: z.literal(type), timestamp: time, data: WEBHOOK_EVENT_DATA[type] });
