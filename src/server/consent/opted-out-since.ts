import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { DISPLAY_TIME_ZONE } from '../../shared/constants';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { phoneConsent } from './log';

/**
 * When the phone opted out, or null when it may be texted: its own last word on consent was STOP,
 * or a contact with this phone is opted out. The later date is told. What a staff member's own
 * send (a test, a reply) asks before it is queued; the dispatcher asks again before it goes.
 */
export async function optedOutSince(tx: Db | Tx, phone: string): Promise<Date | null> {
  const [contact] = await tx
    .select({ at: users.smsOptedOutAt })
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.smsOptedOutAt)))
    .orderBy(desc(users.smsOptedOutAt))
    .limit(1);
  const consent = await phoneConsent(tx, phone);
  const stop = consent?.word === 'opted_out' ? consent.at : null;
  const since = contact?.at ?? null;
  return stop && (!since || stop > since) ? stop : since;
}

/** The date an opt-out is told in, in a refusal's words. */
export const optOutDate = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: DISPLAY_TIME_ZONE,
});
