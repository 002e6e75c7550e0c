import { z } from 'zod';
import { LIMITS } from '../../shared/constants';
import { MESSAGE_KINDS, MESSAGE_STATUSES } from '../../shared/delivery';
import { formatMessage } from '../../shared/format';
import { serverTexts } from '../texts';
import { isLocalDate } from '../../shared/schedule';
import { listQuerySchema, oneOrMany } from '../../shared/validation/list';

const t = serverTexts.delivery.api;

/** The last day a program has: the conclusion after the longest product. */
export const LAST_PROGRAM_DAY = LIMITS.daysMax + 1;

const invalid = (name: string, what: string) => formatMessage(t.invalidFilter, { name, what });

const uuidFilter = (name: string) => z.uuid({ error: invalid(name, t.filterId) }).optional();

/** An instant with its offset (`2026-05-01T09:00:00Z`, `…+02:00`), as JSON dates are written. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant an ISO 8601 text with its offset names, or null: also for a day that does not exist
 * (February 30 would roll over to March) and outside the years 1 to 9999 in UTC, which the
 * database drivers cannot write (a query with one failed: a 500).
 */
export function parseInstant(text: string): Date | null {
  if (!ISO_INSTANT.test(text) || !isLocalDate(text.slice(0, 10))) return null;
  const instant = new Date(text);
  const year = instant.getUTCFullYear();
  return year >= 1 && year <= 9999 ? instant : null;
}

/**
 * A time filter: a date `YYYY-MM-DD` (read by `ofDate` as an instant of that UTC day) or an ISO
 * instant with its offset (taken as is).
 */
const timeFilter = (name: string, ofDate: (midnight: Date) => Date) =>
  z
    .string()
    .transform((value, ctx) => {
      const text = value.trim();
      const instant = isLocalDate(text)
        ? ofDate(new Date(`${text}T00:00:00.000Z`))
        : parseInstant(text);
      if (!instant || Number.isNaN(instant.getTime())) {
        ctx.addIssue({ code: 'custom', message: invalid(name, t.filterTime) });
        return z.NEVER;
      }
      return instant;
    })
    .optional();

const startOfDay = (midnight: Date) => midnight;

/**
 * A bound on createdAt: a date `YYYY-MM-DD` (a whole UTC day: `from` its first instant, `to` its
 * last) or an ISO instant with its offset (taken as is). Both bounds are inclusive.
 */
const timeBound = (name: 'from' | 'to') =>
  timeFilter(
    name,
    name === 'to' ? (midnight) => new Date(midnight.getTime() + 86_400_000 - 1) : startOfDay,
  );

/**
 * A bound of a half-open range on another of a message's times (a date is its UTC day's first
 * instant): `…From` is included and `…Before` is not, so one day's messages are those from its
 * midnight and before the next, however long the day (23 or 25 hours across a clock change).
 */
const rangeBound = (name: string) => timeFilter(name, startOfDay);

const dayError = invalid('day', formatMessage(t.filterDay, { max: LAST_PROGRAM_DAY }));

export const MESSAGE_SORT_FIELDS = [
  'createdAt',
  'sendAfter',
  'sentAt',
  'deliveredAt',
  'status',
  'kind',
  'day',
  'toPhone',
  'programName',
  'contactName',
  'attempts',
  'segments',
] as const;

/**
 * GET /api/messages: paged and sorted like every list; `q` searches the phone, the contact's name
 * and the text; filters by program, contact, status and kind (one or several, `a,b`), program day,
 * creation time (`from`/`to`), when it was handed to the provider (`sentFrom`/`sentBefore`), when
 * it is due (`dueBefore`: its send_after) and when it last changed (`updatedFrom`/`updatedBefore`:
 * for a message in a final status, when it got there). The dashboard's figures link here with them.
 */
export const messageListQuerySchema = listQuerySchema(MESSAGE_SORT_FIELDS).extend({
  programId: uuidFilter('programId'),
  contactId: uuidFilter('contactId'),
  status: oneOrMany(MESSAGE_STATUSES, 'status'),
  kind: oneOrMany(MESSAGE_KINDS, 'kind'),
  day: z
    .string()
    .regex(/^\d{1,3}$/, { error: dayError })
    .transform(Number)
    .pipe(z.number().max(LAST_PROGRAM_DAY, { error: dayError }))
    .optional(),
  from: timeBound('from'),
  to: timeBound('to'),
  sentFrom: rangeBound('sentFrom'),
  sentBefore: rangeBound('sentBefore'),
  dueBefore: rangeBound('dueBefore'),
  updatedFrom: rangeBound('updatedFrom'),
  updatedBefore: rangeBound('updatedBefore'),
});

export type MessageListQuery = z.output<typeof messageListQuerySchema>;
