import { createHash } from 'node:crypto';
import { and, count, eq, gt, inArray, isNotNull, max, min, sql } from 'drizzle-orm';
import { DISPLAY_TIME_ZONE } from '../../shared/constants';
import {
  HANDED_OVER_STATUSES,
  OPTIN_LIMITS,
  WAITING_MESSAGE_STATUSES,
} from '../../shared/delivery';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import { analyzeSms } from '../../shared/sms';
import type { ValidationDetail } from '../../shared/responses/common';
import { serverTexts } from '../texts';
import { recordConsent } from '../consent/log';
import { lockPhones } from '../consent/phone-lock';
import type { Db, Tx } from '../db/client';
import { outboundMessageEvents, outboundMessages, phoneConsents, users } from '../db/schema';
import { destinationRefusal, phoneTimeZones } from '../delivery/destination';
import { joinZones, quietHoursEndIn, storedLatest } from '../delivery/quiet-hours';
import { recipientSendWindow } from '../delivery/recipient-zones';
import type { Config } from '../env';
import { ApiError, badRequest, tooManyRequests } from '../http/errors';

/** The opt-in request a participant receives: it asks them to reply JOIN. */
export function optinBody(firstName: string): string {
  return formatMessage(serverTexts.sms.optin, { first: firstName.trim().slice(0, 20) || 'there' });
}

/**
 * What limits opt-in requests, against SMS pumping and harassment: the countries Tidings texts,
 * the requests a staff member may queue in an hour, and DELIVERY_CUTOFF (a request that cannot go
 * within it after its first daytime moment expires), on the delivery engine's clock.
 */
export interface OptinPolicy {
  allowedCountries: readonly string[];
  perHour: number;
  cutoffMs: number;
  now: () => Date;
}

export const optinPolicy = (
  config: Pick<Config, 'smsAllowedCountries' | 'optinHourlyLimit' | 'deliveryCutoffMs'>,
  now: () => Date,
): OptinPolicy => ({
  allowedCountries: config.smsAllowedCountries,
  perHour: config.optinHourlyLimit,
  cutoffMs: config.deliveryCutoffMs,
  now,
});

/** A contact an opt-in request may be asked for, with the address that may say where they are. */
export interface OptinContact {
  id: string;
  firstName: string;
  phone: string | null;
  smsOptedOutAt: Date | null;
  state: string;
  country: string;
}

/** Who asked for opt-in requests, and when (the time of their consent rows). */
export interface OptinRequester {
  staffUserId: string;
  at: Date;
}

/** Why a contact got no opt-in request: the words for them, and for the hourly limit its wait. */
export type OptinRefusal =
  | { reason: 'noPhone' | 'country' | 'optedOut' | 'recent'; message: string }
  | { reason: 'limit'; message: string; retryAfterSeconds: number };

export interface OptinOutcome {
  /** The contacts whose request is now queued. */
  queued: Set<string>;
  refused: Map<string, OptinRefusal>;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Requests that reached the phone, or may yet: a failed, expired or canceled one did not. */
const COUNTED_STATUSES = [...WAITING_MESSAGE_STATUSES, ...HANDED_OVER_STATUSES];

const dateOf = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: DISPLAY_TIME_ZONE,
});

/** Advisory locks of a staff member's hourly count; the phone locks use another class. */
const REQUESTER_LOCK_CLASS = 727_146_004;

async function lockRequester(tx: Tx, staffUserId: string) {
  const id = createHash('sha256').update(staffUserId).digest().readInt32BE(0);
  await tx.execute(sql`select pg_advisory_xact_lock(${REQUESTER_LOCK_CLASS}, ${id})`);
}

/**
 * The phones among `phones` that opted out, with when: their last word was STOP (its time is told),
 * or else a contact who carries the number is opted out (as some were before the consent log).
 */
async function optedOutPhones(tx: Tx, phones: string[]) {
  const rows = await tx
    .select({
      phone: phoneConsents.phone,
      at: phoneConsents.at,
      own: sql<boolean>`true`.as('own'),
    })
    .from(phoneConsents)
    .where(and(inArray(phoneConsents.phone, phones), eq(phoneConsents.word, 'opted_out')))
    .unionAll(
      tx
        .select({
          phone: sql<string>`${users.phone}`,
          at: sql<Date>`${users.smsOptedOutAt}`,
          own: sql<boolean>`false`.as('own'),
        })
        .from(users)
        .where(and(inArray(users.phone, phones), isNotNull(users.smsOptedOutAt))),
    );
  const since = new Map<string, Date>();
  for (const { phone, at } of rows.sort((a, b) => Number(a.own) - Number(b.own))) {
    since.set(phone, new Date(at));
  }
  return since;
}

/** The last request each of `phones` got within the last OPTIN_LIMITS.perPhoneDays. */
async function recentRequests(tx: Tx, phones: string[], now: Date) {
  const rows = await tx
    .select({ phone: outboundMessages.toPhone, at: max(outboundMessages.createdAt) })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.kind, 'optin'),
        inArray(outboundMessages.toPhone, phones),
        gt(
          outboundMessages.createdAt,
          new Date(now.getTime() - OPTIN_LIMITS.perPhoneDays * DAY_MS),
        ),
        inArray(outboundMessages.status, COUNTED_STATUSES),
      ),
    )
    .groupBy(outboundMessages.toPhone);
  return new Map(rows.map((row) => [row.phone, row.at!]));
}

/** How many more requests the staff member may queue now, and when the oldest of the hour ages out. */
async function hourlyAllowance(tx: Db | Tx, staffUserId: string, perHour: number, now: Date) {
  const [row] = await tx
    .select({ sent: count(), oldest: min(outboundMessages.createdAt) })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.kind, 'optin'),
        eq(outboundMessages.createdBy, staffUserId),
        gt(outboundMessages.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  const sent = row?.sent ?? 0;
  const freeAt = row?.oldest ? row.oldest.getTime() + HOUR_MS : now.getTime();
  return {
    remaining: Math.max(0, perHour - sent),
    retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
  };
}

/**
 * How many opt-in requests the staff member may queue now (the import dialog says so before an
 * import starts). Read without locks: what counts is the check made when requests are queued.
 */
export async function optinAllowance(db: Db | Tx, staffUserId: string, policy: OptinPolicy) {
  const { remaining } = await hourlyAllowance(db, staffUserId, policy.perHour, policy.now());
  return { limit: policy.perHour, remaining, countries: [...policy.allowedCountries] };
}

/**
 * Queues opt-in requests for the contacts, as far as the limits allow, set-based (a few statements
 * whatever their number), and writes each request's `optin_requested` row of the consent log (the
 * words the phone was asked to consent to are part of the proof). A contact gets none when:
 * - they have no phone, or a phone outside SMS_ALLOWED_COUNTRIES;
 * - the contact or the phone opted out (after STOP only the phone's own JOIN/START may start
 *   messages again: CTIA);
 * - the phone was asked in the last OPTIN_LIMITS.perPhoneDays days (by anyone, for any contact),
 *   or earlier in this call;
 * - the staff member has queued OPTIN_HOURLY_LIMIT requests in the last hour.
 * A request goes at the first moment it is daytime for the recipient (quiet hours: in their
 * state's zones when their address names one, else everywhere in the number's country) and expires
 * DELIVERY_CUTOFF after it. Takes the phones' and the staff member's locks, so
 * requests queued at once by forms and imports cannot exceed the limits together.
 */
export async function queueOptinRequests(
  tx: Tx,
  contacts: readonly OptinContact[],
  requester: OptinRequester,
  policy: OptinPolicy,
): Promise<OptinOutcome> {
  const outcome: OptinOutcome = { queued: new Set(), refused: new Map() };
  const refuse = (id: string, refusal: OptinRefusal) => outcome.refused.set(id, refusal);
  const candidates: (OptinContact & { phone: string })[] = [];
  for (const contact of contacts) {
    const country = contact.phone && destinationRefusal(contact.phone, policy.allowedCountries);
    if (!contact.phone) {
      refuse(contact.id, { reason: 'noPhone', message: messages.contacts.phoneRequiredForOptin });
    } else if (country) refuse(contact.id, { reason: 'country', message: country });
    else candidates.push({ ...contact, phone: contact.phone });
  }
  if (candidates.length === 0) return outcome;

  const phones = [...new Set(candidates.map((c) => c.phone))];
  await lockPhones(tx, phones);
  await lockRequester(tx, requester.staffUserId);
  const now = policy.now();
  const optedOut = await optedOutPhones(tx, phones);
  const recent = await recentRequests(tx, phones, now);
  const allowance = await hourlyAllowance(tx, requester.staffUserId, policy.perHour, now);
  const t = serverTexts.contacts.optinRefused;

  const toQueue: (OptinContact & { phone: string })[] = [];
  for (const contact of candidates) {
    const stoppedAt = optedOut.get(contact.phone) ?? contact.smsOptedOutAt;
    const askedAt = recent.get(contact.phone);
    if (stoppedAt) {
      refuse(contact.id, {
        reason: 'optedOut',
        message: formatMessage(t.optedOut, { date: dateOf.format(stoppedAt) }),
      });
    } else if (askedAt) {
      const next = new Date(askedAt.getTime() + OPTIN_LIMITS.perPhoneDays * DAY_MS);
      refuse(contact.id, {
        reason: 'recent',
        message: formatMessage(t.recent, {
          date: dateOf.format(askedAt),
          days: OPTIN_LIMITS.perPhoneDays,
          next: dateOf.format(next),
        }),
      });
    } else if (toQueue.length >= allowance.remaining) {
      refuse(contact.id, {
        reason: 'limit',
        message: formatMessage(t.limit, {
          max: policy.perHour,
          minutes: Math.ceil(allowance.retryAfterSeconds / 60),
        }),
        retryAfterSeconds: allowance.retryAfterSeconds,
      });
    } else {
      toQueue.push(contact);
      // A second contact of the batch with the same number is asked through this request.
      recent.set(contact.phone, now);
    }
  }
  if (toQueue.length === 0) return outcome;

  const rows = toQueue.map((contact) => {
    const body = optinBody(contact.firstName);
    // Where the contact may be (recipient-zones.ts); when neither their address nor their number
    // tells, every zone of the number's country.
    const window = recipientSendWindow(contact, phoneTimeZones(contact.phone));
    const sendAfter = quietHoursEndIn(now, window.zones, window.latest) ?? now;
    return {
      kind: 'optin' as const,
      contactId: contact.id,
      toPhone: contact.phone,
      body,
      segments: analyzeSms(body).segments,
      sendAfter,
      expiresAt: new Date(sendAfter.getTime() + policy.cutoffMs),
      timeZone: window.zones.length > 0 ? joinZones(window.zones) : null,
      sendWindowLatest: storedLatest(window.latest),
      createdBy: requester.staffUserId,
      createdAt: now,
      updatedAt: now,
    };
  });
  const queued = await tx
    .insert(outboundMessages)
    .values(rows)
    .returning({ id: outboundMessages.id, contactId: outboundMessages.contactId });
  await tx.insert(outboundMessageEvents).values(
    queued.map((row) => ({
      messageId: row.id,
      status: 'queued' as const,
      source: 'system' as const,
      at: now,
    })),
  );
  await recordConsent(
    tx,
    queued.map((row, index) => ({
      contactId: row.contactId,
      phone: rows[index]!.toPhone,
      event: 'optin_requested' as const,
      source: 'staff' as const,
      staffUserId: requester.staffUserId,
      text: rows[index]!.body,
      outboundMessageId: row.id,
      at: requester.at,
    })),
  );
  for (const row of queued) outcome.queued.add(row.contactId!);
  return outcome;
}

/**
 * The form's opt-in request for one contact: queued, or refused with an answer the form shows (a
 * 400 naming the box, or a 429 with Retry-After for the hourly limit), which rolls the save back
 * so nothing is half done.
 */
export async function queueOptinMessage(
  tx: Tx,
  contact: OptinContact,
  requester: OptinRequester,
  policy: OptinPolicy,
): Promise<true> {
  const { refused } = await queueOptinRequests(tx, [contact], requester, policy);
  const refusal = refused.get(contact.id);
  if (!refusal) return true;
  throw optinRefusalError(refusal);
}

function optinRefusalError(refusal: OptinRefusal): ApiError {
  if (refusal.reason === 'limit') {
    return tooManyRequests(refusal.message, refusal.retryAfterSeconds);
  }
  const field = refusal.reason === 'noPhone' ? 'phone' : 'sendOptinMessage';
  const detail: ValidationDetail = { field, message: refusal.message };
  return badRequest(refusal.message, [detail]);
}
