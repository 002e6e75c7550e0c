import { and, eq, inArray, isNull } from 'drizzle-orm';
import { serverTexts } from '../texts';
import type { Tx } from '../db/client';
import { outboundMessages, phoneConsents, users } from '../db/schema';
import { cancelQueued } from '../delivery/opt-out';
import { recordConsent } from './log';
import { lockPhones } from './phone-lock';

/**
 * Consent belongs to the phone: of `contacts` (just created, or given a phone by a save or an
 * import), those whose phone has opted out are opted out with it, each with a row in the consent
 * log naming the staff member whose save did it, and anything still queued for them is canceled.
 * Takes the phones' locks first, so a STOP arriving at the same moment is seen either here or by
 * its own handler. Answers the ids of the contacts it opted out.
 */
export async function adoptPhoneOptOuts(
  tx: Tx,
  contacts: readonly { id: string; phone: string | null }[],
  staffUserId: string | null,
  at: Date,
): Promise<Set<string>> {
  const phones = contacts.flatMap((c) => (c.phone ? [c.phone] : []));
  if (phones.length === 0) return new Set();
  await lockPhones(tx, phones);
  const optedOut = tx
    .select({ phone: phoneConsents.phone })
    .from(phoneConsents)
    .where(and(inArray(phoneConsents.phone, phones), eq(phoneConsents.word, 'opted_out')));
  const adopted = await tx
    .update(users)
    .set({ smsOptedOutAt: at, updatedAt: at })
    .where(
      and(
        inArray(
          users.id,
          contacts.map((c) => c.id),
        ),
        isNull(users.smsOptedOutAt),
        inArray(users.phone, optedOut),
      ),
    )
    .returning({ id: users.id, phone: users.phone });
  if (adopted.length === 0) return new Set();
  const ids = adopted.map((c) => c.id);
  await cancelQueued(
    tx,
    inArray(outboundMessages.contactId, ids),
    at,
    serverTexts.delivery.optedOut,
  );
  await recordConsent(
    tx,
    adopted.map((c) => ({
      contactId: c.id,
      phone: c.phone!,
      event: 'opted_out' as const,
      source: 'staff' as const,
      staffUserId,
      at,
    })),
  );
  return new Set(ids);
}
