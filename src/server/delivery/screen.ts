import type { MessageKind } from '../../shared/delivery';
import { optedOutAmong } from '../consent/log';
import { phonesInReview } from '../consent/review-holds';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import type { Claimed, Claims } from './claim';
import { isPastCutoff, neverOpenedText, tooLateText } from './cutoff';
import { destinationRefusal, phoneTimeZones } from './destination';
import { neverOpenedSince, quietHoursEndIn, splitZones, windowLatest } from './quiet-hours';
import { currentRecipients } from './recipients';

/**
 * The kinds Tidings starts, as opposed to answers to a phone that just wrote: not sent to a phone
 * that opted out, nor to a contact who did (program messages also keep the recipient rule of
 * recipients.ts), nor to a number outside SMS_ALLOWED_COUNTRIES. Confirmations and replies answer
 * the phone and always go: the opt-out confirmation and the answer to HELP must reach it. A staff
 * member's reply is a person writing, and keeps the phone's STOP like the rest.
 */
const STARTED_KINDS: ReadonlySet<MessageKind> = new Set(['program', 'optin', 'test', 'staff']);

/**
 * The kinds a reply that may ask to stop holds back until a staff member decides it: what Tidings
 * sends on its own schedule. A staff member's reply still goes (it may be the question 'did you
 * mean stop?').
 */
const HELD_BY_REVIEW: ReadonlySet<MessageKind> = new Set(['program', 'optin']);

/**
 * The zones whose quiet hours a message keeps: its own (where its recipient may be, as
 * recipient-zones.ts found it when it was queued); for an opt-in request without (queued before
 * Tidings stored them), every zone of the number's country; none for the rest. The window ends at
 * the message's `send_window_latest` (a stricter state's), or SEND_WINDOW.latest.
 */
const quietZones = (message: Pick<Claimed, 'kind' | 'timeZone' | 'toPhone'>): string[] =>
  message.timeZone
    ? splitZones(message.timeZone)
    : message.kind === 'optin'
      ? phoneTimeZones(message.toPhone)
      : [];

const notEligible = serverTexts.delivery.notEligible;

export interface ScreenOptions {
  db: Db;
  now: () => Date;
  /** DELIVERY_CUTOFF, for the words an expired message is given. */
  cutoffMs: number;
  /** SMS_ALLOWED_COUNTRIES. */
  allowedCountries: readonly string[];
  /** Writes what the screen decided for a message that does not go now. */
  settle: Claims['settle'];
}

/**
 * The last checks before sending, on a claimed batch: eligibility (a message that may not go at
 * all says why), then cutoff and quiet hours. Resolves with what may go now; the rest is settled.
 */
export function createScreen(options: ScreenOptions): (claimed: Claimed[]) => Promise<Claimed[]> {
  const { db, now, cutoffMs, allowedCountries, settle } = options;

  /**
   * Program messages whose contact is no longer a recipient (the one rule in recipients.ts), and
   * messages Tidings starts (STARTED_KINDS) to a phone or contact that opted out (the message's own
   * number is asked, whatever the contact carries now) or to a number outside the allowed
   * countries; each with the reason. One query for the opt-outs, one per program, per batch.
   */
  async function ineligible(claimed: Claimed[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const byProgram = new Map<string, Claimed[]>();
    const consentChecked: Claimed[] = [];
    for (const message of claimed) {
      if (!STARTED_KINDS.has(message.kind)) continue;
      consentChecked.push(message);
      const abroad = destinationRefusal(message.toPhone, allowedCountries);
      if (abroad) out.set(message.id, abroad);
      if (message.kind !== 'program') continue;
      // The program or the contact was deleted since it was queued.
      if (!message.programId || !message.contactId) out.set(message.id, notEligible);
      else byProgram.set(message.programId, [...(byProgram.get(message.programId) ?? []), message]);
    }
    for (const [programId, group] of byProgram) {
      const recipients = await currentRecipients(
        db,
        programId,
        group.map((m) => m.contactId!),
      );
      for (const message of group) {
        if (!recipients.has(message.contactId!)) out.set(message.id, notEligible);
      }
    }
    const held = claimed.filter((m) => HELD_BY_REVIEW.has(m.kind) && !out.has(m.id));
    if (held.length > 0) {
      const inReview = await phonesInReview(db, [...new Set(held.map((m) => m.toPhone))]);
      for (const message of held) {
        if (inReview.has(message.toPhone)) out.set(message.id, serverTexts.delivery.heldForReview);
      }
    }
    if (consentChecked.length > 0) {
      const optedOut = await optedOutAmong(
        db,
        [...new Set(consentChecked.map((m) => m.toPhone))],
        [...new Set(consentChecked.flatMap((m) => (m.contactId ? [m.contactId] : [])))],
      );
      for (const message of consentChecked) {
        if (
          optedOut.phones.has(message.toPhone) ||
          (message.contactId && optedOut.contacts.has(message.contactId))
        ) {
          out.set(message.id, serverTexts.inbound.phoneOptedOut);
        }
      }
    }
    return out;
  }

  return async function screen(claimed: Claimed[]): Promise<Claimed[]> {
    const skip = await ineligible(claimed);
    const at = now();
    const left: Claimed[] = [];
    for (const message of claimed) {
      const reason = skip.get(message.id);
      const zones = quietZones(message);
      const latest = windowLatest(message.sendWindowLatest);
      const morning = reason ? null : quietHoursEndIn(at, zones, latest);
      if (reason) {
        await settle(message, 'skipped', { errorCode: null, errorMessage: reason });
      } else if (isPastCutoff(message.expiresAt, morning ?? at)) {
        const errorMessage =
          morning && neverOpenedSince(message.sendAfter, at, zones, latest)
            ? neverOpenedText(cutoffMs, zones, latest)
            : tooLateText(cutoffMs);
        await settle(message, 'expired', { errorCode: null, errorMessage });
      } else if (morning) {
        await settle(message, 'queued', { sendAfter: morning });
      } else {
        left.push(message);
      }
    }
    return left;
  };
}
