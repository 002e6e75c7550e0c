/**
 * How many days the outbox's messages, their events and the texts phones sent are kept
 * (MESSAGE_RETENTION_DAYS, EVENT_RETENTION_DAYS, INBOUND_RETENTION_DAYS). The consent log is kept
 * forever: it is proof of consent. Counts outlive the rows (docs/rollups.md).
 *
 * Not fewer than 30 days: the engine looks back at recent messages (a phone's opt-in requests of
 * the last OPTIN_LIMITS.perPhoneDays, a program day checked again until its cutoff, an inbox reply
 * waiting for review), and a row it looks for must still be there.
 */
export const RETENTION_DAYS = { default: 400, min: 30, max: 36_500 } as const;

export interface RetentionDays {
  messages: number;
  events: number;
  inbound: number;
}
