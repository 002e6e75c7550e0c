/**
 * The consent vocabulary: what happens to a phone's permission to receive Tidings' messages, who
 * made it happen, and the state a contact is in. The consent log (server), the contacts filter and
 * the contact page (console) all read it from here. Keywords themselves are in keywords.ts.
 */

/**
 * - optin_requested: staff queued the opt-in request (reply JOIN); the row names the outbox message,
 *   whose status tells whether and when it was handed to the provider;
 * - opted_in: the phone replied JOIN, START, UNSTOP or YES;
 * - opted_out: the phone replied STOP (or its like), or the provider reported it unsubscribed (21610);
 * - verified / unverified: staff marked the phone verified, or not verified, on the contact form;
 * - review_held: the phone wrote something that may be a request to stop ('Stop by the office
 *   tomorrow?'): its program messages are held until a staff member decides;
 * - review_cleared: a staff member decided such a reply is not an opt-out (a decision that it is
 *   one is an `opted_out` row of source `review`).
 */
export const CONSENT_EVENTS = [
  'optin_requested',
  'opted_in',
  'opted_out',
  'verified',
  'unverified',
  'review_held',
  'review_cleared',
] as const;
export type ConsentEvent = (typeof CONSENT_EVENTS)[number];

/**
 * keyword: the phone's own reply; staff: a signed-in user; provider: Twilio's report; simulated: a
 * reply a staff member typed with Simulate reply (the log provider). A simulated JOIN or STOP acts
 * as the phone's would, so the whole flow can be tried, but it is never the phone's own word: its
 * row names the staff member, and every reader of the log says it was simulated. review: the
 * phone's reply as a staff member read it in the inbox (its row names them): an opt-out decided
 * this way is the phone's word, as its reply was.
 */
export const CONSENT_SOURCES = ['keyword', 'staff', 'provider', 'simulated', 'review'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * A contact's consent state, as the contacts list filters it:
 * - opted_out: they opted out (only their own JOIN/START opts them back in, never staff);
 * - opted_in: their phone is verified (by JOIN or by staff) and they did not opt out;
 * - not_opted_in: neither.
 */
export const CONSENT_STATES = ['opted_in', 'not_opted_in', 'opted_out'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

export const consentState = (contact: {
  smsVerified: boolean;
  smsOptedOutAt: string | Date | null;
}): ConsentState =>
  contact.smsOptedOutAt ? 'opted_out' : contact.smsVerified ? 'opted_in' : 'not_opted_in';

/** Inbound messages: what is kept of one. Twilio sends at most 1,600 characters and 10 media. */
export const INBOUND_LIMITS = {
  bodyMax: 1600,
  mediaMax: 10,
} as const;

/**
 * Staff replies: at most `max` per staff user in any `windowMs`. A conversation needs far more than
 * test sends; the limit is there so that a stolen session or a runaway script cannot text hundreds.
 */
export const STAFF_REPLY_LIMIT = {
  max: 60,
  windowMs: 60 * 60_000,
} as const;

/** How long after a phone last wrote a staff reply goes at once, whatever the hour there. */
export const CONVERSATION_WINDOW_MS = 24 * 60 * 60_000;

/** Test sends (Send Test MMS): at most `max` per staff user in any `windowMs`. */
export const TEST_SEND_LIMIT = {
  max: 10,
  windowMs: 10 * 60_000,
} as const;

/**
 * An inbound message's place in the inbox: `new` until a staff member marks it handled (replying
 * to it does). Replies Tidings answers itself (JOIN, STOP, HELP) arrive handled.
 */
export const INBOUND_STATES = ['new', 'handled'] as const;
export type InboundState = (typeof INBOUND_STATES)[number];

/** What a reply asked for, as reply-reading.ts reads it; null: nothing (free text). */
export const INBOUND_INTENTS = ['optin', 'optout', 'help', 'review'] as const;

/** A staff member's decision on a reply that needs review. */
export const REVIEW_DECISIONS = ['optout', 'not_optout'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** What a reply asked for (shared/keywords.ts), or `none`: anything else. */
export const INBOUND_INTENT_FILTERS = ['optin', 'optout', 'help', 'review', 'none'] as const;
