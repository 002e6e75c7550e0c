/**
 * Webhooks (issue 29): what Tidings tells other systems, and the rules of telling them, shared by
 * the server, its API description and the console.
 */

/** The events an endpoint may ask for, each sent as `{type, timestamp, data}`. */
export const WEBHOOK_EVENT_TYPES = [
  'message.sent',
  'message.delivered',
  'message.failed',
  'message.received',
  'contact.opted_in',
  'contact.opted_out',
  'contact.created',
  'contact.updated',
  'program.day_planned',
  'enrollment.started',
  'enrollment.finished',
  'link.clicked',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test event" sends: to the one endpoint, whatever events it asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** A delivery of one event to one endpoint: waiting, being sent, delivered, or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const WEBHOOK_POLICY = {
  urlMaxLength: 2000,
  descriptionMaxLength: 500,
  /**
   * The waits before each try after the first: the Standard Webhooks schedule (5 s, 5 min, 30 min,
   * 2 h, 5 h, 10 h, 10 h), then every 12 h: eleven retries, the last 75 hours (three days and a bit) after the first try.
   * A failure after the last wait is final.
   */
  retryDelaysMs: [
    5 * SECOND,
    5 * MINUTE,
    30 * MINUTE,
    2 * HOUR,
    5 * HOUR,
    10 * HOUR,
    10 * HOUR,
    12 * HOUR,
    12 * HOUR,
    12 * HOUR,
    12 * HOUR,
  ],
  /** An endpoint that has answered nothing but failures for this long is disabled. */
  disableAfterFailingMs: 5 * DAY,
  /** After a rotation, the old secret signs beside the new one for this long. */
  previousSecretMs: DAY,
} as const;
