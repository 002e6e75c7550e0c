/**
 * The outbox's vocabulary: what kinds of SMS/MMS Tidings sends and the life of each message. The
 * server's delivery engine, the status webhook and the console all read it from here.
 */

/**
 * optin: the request to reply JOIN; program: a program's day; confirmation, reply: Tidings' own
 * answers to a phone's JOIN, STOP or HELP; staff: a staff member's reply to a participant; test: a
 * staff member's test send.
 */
export const MESSAGE_KINDS = [
  'optin',
  'program',
  'confirmation',
  'reply',
  'staff',
  'test',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * The kinds that wait behind nothing: answers to a phone that just wrote and staff's own sends are
 * claimed before program days and opt-in requests (the outbox's `priority`, 0 before 1), so a
 * confirmation never queues behind 10,000 program messages.
 */
export const FIRST_KINDS = [
  'confirmation',
  'reply',
  'staff',
  'test',
] as const satisfies readonly MessageKind[];

/**
 * - queued: waiting for its time (or for a retry after a transient failure);
 * - sending: claimed by a dispatcher, which is talking to the provider now;
 * - unknown: a dispatcher died while sending; settled by the provider's callback or a lookup, never
 *   sent again blindly;
 * - sent: handed to the provider, which accepted it;
 * - delivered / undelivered: the provider (the carrier) said so;
 * - failed: refused for good (by the provider, or after the last retry);
 * - expired: its time passed by more than DELIVERY_CUTOFF before it could go; never sent late;
 * - canceled: withdrawn before it was sent (the program was paused, the contact opted out);
 * - skipped: not sent because the recipient was no longer eligible when its turn came.
 */
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'unknown',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'expired',
  'canceled',
  'skipped',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Statuses nothing moves a message out of (except a staff retry of `failed`). */
export const FINAL_MESSAGE_STATUSES = [
  'delivered',
  'undelivered',
  'failed',
  'expired',
  'canceled',
  'skipped',
] as const satisfies readonly MessageStatus[];

/** Statuses a message has not yet been handed to the provider in, so it can still be canceled. */
export const UNSENT_MESSAGE_STATUSES = ['queued'] as const satisfies readonly MessageStatus[];

/** Statuses that mean the provider took the message: the only ones the console calls 'sent'. */
export const HANDED_OVER_STATUSES = [
  'sent',
  'delivered',
  'undelivered',
] as const satisfies readonly MessageStatus[];

/**
 * Statuses of a message still to go out: waiting for its time, being handed over now, or lost in
 * the handing over and being settled (it may yet go). What the dashboard counts as due.
 */
export const WAITING_MESSAGE_STATUSES = [
  'queued',
  'sending',
  'unknown',
] as const satisfies readonly MessageStatus[];

/** Statuses of a message the provider or the carrier refused: what staff call a failure. */
export const FAILURE_STATUSES = [
  'failed',
  'undelivered',
] as const satisfies readonly MessageStatus[];

/** Statuses staff may retry (admin only): a `failed` row, or an `unknown` one after confirming. */
export const RETRYABLE_MESSAGE_STATUSES = [
  'failed',
  'unknown',
] as const satisfies readonly MessageStatus[];

/**
 * How far along its life each status is. A status report (a provider callback, a lookup) only ever
 * moves a message to a higher rank, so a late or repeated callback cannot undo a newer one.
 */
export const MESSAGE_STATUS_RANK: Readonly<Record<MessageStatus, number>> = {
  queued: 0,
  sending: 1,
  unknown: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  expired: 4,
  canceled: 4,
  skipped: 4,
};

export const isFinalStatus = (status: MessageStatus): boolean =>
  (FINAL_MESSAGE_STATUSES as readonly MessageStatus[]).includes(status);

/** Who changed a message's status, kept with each change in its history. */
export const MESSAGE_EVENT_SOURCES = [
  'planner',
  'dispatcher',
  'provider',
  'staff',
  'system',
] as const;
export type MessageEventSource = (typeof MESSAGE_EVENT_SOURCES)[number];

export const SMS_PROVIDERS = ['log', 'twilio'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/**
 * How the dispatcher retries a transient provider failure (network, 429, 5xx, throttling): the
 * wait doubles after each failure from `firstDelayMs` up to `maxDelayMs`, with jitter so that
 * messages failed together do not come back together; the `maxAttempts`-th failure is final.
 */
export const DELIVERY_RETRY = {
  maxAttempts: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
} as const;

/** The countries Tidings texts unless SMS_ALLOWED_COUNTRIES says otherwise. */
export const SMS_ALLOWED_COUNTRIES_DEFAULT = ['US', 'CA'] as const;

/**
 * Limits on opt-in requests, against SMS pumping and harassment: a number is asked at most once
 * in `perPhoneDays` (a request that never reached it does not count), and each staff member may
 * queue OPTIN_HOURLY_LIMIT requests (default `perHourDefault`) in any hour, forms and imports
 * together.
 */
export const OPTIN_LIMITS = {
  perPhoneDays: 7,
  perHourDefault: 100,
} as const;

export const DELIVERY_DEFAULTS = {
  /** A message that cannot go out within this long after its time is expired, never sent late. */
  cutoffMs: 4 * 60 * 60 * 1000,
  /** Messages (segments) per second per sender; 0 means unlimited. */
  messagesPerSecond: 10,
} as const;

export const PLANNER_LIMITS = {
  /**
   * A day is planned this long before its send time, so its rows are waiting when the time comes
   * and the dispatcher is on time.
   */
  leadMs: 2 * 60 * 1000,
  /** Recipients written per statement (and transaction) when a day is planned. */
  batchSize: 5_000,
  /** A tick that wrote at least this many rows refreshes the outbox's statistics. */
  analyzeAfterRows: 1_000,
  /**
   * Until its cutoff, the day planned is looked at again for newcomers (does an eligible recipient
   * lack a row?), which reads every recipient: seconds at a million. A look that took
   * `recheckFreeMs` or more is not taken again, by any process, until its time divided by
   * `recheckShare` has passed, so it takes at most that share of the database's time;
   * `recheckLeaseMs` holds the others off while one process looks (and after one that stopped).
   */
  recheckFreeMs: 250,
  recheckShare: 0.05,
  recheckLeaseMs: 5 * 60 * 1000,
} as const;
