/**
 * A contact's opt-in state in words, for their page: the state (consent.ts) and how and when they
 * came to be in it, read from their consent log. Pure, so the words are unit-tested; the caller
 * formats dates the way its screen does.
 */
import { consentState, type ConsentState } from './consent';
import { formatMessage } from './format';
import { messages } from './messages';
import type { ApiConsentEvent } from './responses/messages';

/** What of a consent log row the summary reads. */
export type ConsentSummaryEvent = Pick<
  ApiConsentEvent,
  'event' | 'source' | 'phone' | 'staffName' | 'keyword' | 'at'
>;

export interface ConsentSummary {
  state: ConsentState;
  text: string;
  /** How the state can change, where staff might expect otherwise (an opt-out); else null. */
  note: string | null;
}

const texts = messages.conversations.optin;

const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * `contact`'s state in words from `events`, its consent log newest first. Consent belongs to a
 * phone number, so rows of a number the contact no longer has are not read.
 */
export function consentSummary(
  contact: { phone: string | null; smsVerified: boolean; smsOptedOutAt: string | null },
  events: readonly ConsentSummaryEvent[],
  formatDate: (iso: string) => string,
): ConsentSummary {
  const own = contact.phone
    ? events.filter((row) => digits(row.phone) === digits(contact.phone!))
    : events;
  const state = consentState(contact);
  const say = (template: string, row?: ConsentSummaryEvent, params: Record<string, string> = {}) =>
    formatMessage(template, {
      ...(row && { date: formatDate(row.at), staff: row.staffName ?? texts.someStaff }),
      ...params,
    });

  if (state === 'opted_out') {
    // Only the contact's own JOIN/START ends an opt-out (a staff mark does not), so the opt-out
    // began with the first opted_out row after their latest opt-in; later STOPs only repeat it.
    const lastOptIn = own.findIndex((row) => row.event === 'opted_in');
    const since = lastOptIn === -1 ? own : own.slice(0, lastOptIn);
    const start = since.findLast((row) => row.event === 'opted_out');
    const note = texts.optedOutNote;
    if (start?.source === 'provider') return { state, text: say(texts.carrier, start), note };
    if (start?.source === 'staff') return { state, text: say(texts.numberOptedOut, start), note };
    if (start?.source === 'keyword' || start?.source === 'simulated') {
      const keyword = start.keyword?.toUpperCase() || 'STOP';
      const words = start.source === 'simulated' ? texts.stoppedSimulated : texts.stopped;
      return { state, text: say(words, start, { keyword }), note };
    }
    const date = formatDate(start?.at ?? contact.smsOptedOutAt!);
    return { state, text: formatMessage(texts.optedOut, { date }), note };
  }

  if (state === 'opted_in') {
    const how = own.find((row) => row.event === 'opted_in' || row.event === 'verified');
    if (how?.event === 'opted_in') {
      const keyword = how.keyword?.toUpperCase() || 'JOIN';
      // A reply typed with Simulate reply is never read as the phone's own.
      const words = how.source === 'simulated' ? texts.joinedSimulated : texts.joined;
      return { state, text: say(words, how, { keyword }), note: null };
    }
    if (how) return { state, text: say(texts.verified, how), note: null };
    return { state, text: texts.verifiedUnrecorded, note: null };
  }

  if (!contact.phone) return { state, text: texts.noPhone, note: null };
  // The latest change decides: a request answered by nothing yet, or staff taking a mark back.
  const latest = own[0];
  if (latest?.event === 'optin_requested') {
    return { state, text: say(texts.requested, latest), note: null };
  }
  if (latest?.event === 'unverified') {
    return { state, text: say(texts.unverified, latest), note: null };
  }
  return { state, text: texts.none, note: null };
}
