import type { ConsentRecord } from './log';

/** What of a contact decides the phone staff vouch for. */
interface Verification {
  id: string;
  phone: string | null;
  smsVerified: boolean;
}

/** The phone a contact's smsVerified vouches for: none without a phone. */
const verifiedPhone = (contact: Verification | null) =>
  contact?.smsVerified && contact.phone ? contact.phone : null;

/**
 * Times for the consent rows of one save, in the order they are written: the save's moment, then
 * one millisecond more for each further row. The log reads newest first, and rows of equal time
 * would sort by their random ids: an opt-in request could then show before the unverified change
 * that came with it.
 */
export function consentClock(start = new Date()): () => Date {
  let next = start.getTime();
  return () => new Date(next++);
}

/**
 * The consent rows a staff save of the contact form writes: `verified` when it marks a phone
 * verified, `unverified` when it takes that away, nothing when it leaves it as it was. A row is
 * about a phone (the log must say which number consented), so a contact without one gets none.
 * Changing the phone of a verified contact takes the old number's verification away and gives it
 * to the new one: two rows. Never touches smsOptedOutAt: only the phone's own JOIN/START undoes
 * an opt-out.
 */
export function verificationChanges(
  before: Verification | null,
  after: Verification,
  staffUserId: string,
  clock: () => Date,
): ConsentRecord[] {
  const was = verifiedPhone(before);
  const is = verifiedPhone(after);
  if (was === is) return [];
  const row = (phone: string, event: 'verified' | 'unverified'): ConsentRecord => ({
    contactId: after.id,
    phone,
    event,
    source: 'staff',
    staffUserId,
    at: clock(),
  });
  return [...(was ? [row(was, 'unverified')] : []), ...(is ? [row(is, 'verified')] : [])];
}
