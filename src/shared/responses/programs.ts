import { z } from 'zod';
import { OFFERINGS, PROGRAM_STATUSES, TIME_ZONES } from '../constants';
import { clickFiguresSchema } from './clicks';
import { failureCountSchema, listOf } from './common';

const time = z.iso.datetime();
const count = z.number().int();

/** A pod a program sends to, as the program shows it. */
const programPodSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  podId: z.string(),
  podName: z.string(),
});
export type ProgramPod = z.infer<typeof programPodSchema>;

/**
 * A program as the API returns it (spec section 3, plus the schedule): `productName` and
 * `productDays` are resolved from the product, `timeframe` is derived from its days ('7 days'),
 * and `status` from the schedule, the clock and pause (see shared/schedule.ts). One program is
 * answered as the object itself, as the spec's client reads it.
 */
export const programResponse = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  programName: z.string(),
  productId: z.uuid().nullable(),
  productName: z.string().nullable(),
  productDays: count.nullable(),
  timeframe: z.string().nullable(),
  offering: z.enum(OFFERINGS),
  offeringType: z.string(),
  timeZone: z.enum(TIME_ZONES),
  podIds: z.array(z.uuid()),
  pods: z.array(programPodSchema),
  /** The date of day 0 (the pre-message), in the program's zone; null until chosen. */
  startDate: z.iso.date().nullable(),
  /** When each day's message goes out, local time, within the send window (08:00-21:00). */
  sendTime: z.string(),
  status: z.enum(PROGRAM_STATUSES),
  pausedAt: time.nullable(),
  /**
   * How many of its day messages the outbox says were handed to the SMS provider (sent or
   * delivered). Only this may be called sent: the schedule and the clock say what was due.
   */
  messagesSent: count,
  /**
   * The days (0 = pre-message) of which the outbox says at least one message was handed to the
   * provider, ascending. They are never sent again, so a new schedule has them behind it.
   */
  daysSent: z.array(count),
  createdAt: time,
  updatedAt: time,
});
export type Program = z.infer<typeof programResponse>;

export const programListResponse = listOf('programs', programResponse);

/** Messages of a day waiting for the morning in one zone: '12 waiting for 8:00 AM in Los Angeles'. */
const quietWaitSchema = z.object({
  /** When they go (ISO): 08:00 on the clock of `timeZone`. */
  until: time,
  /** The IANA zone whose morning they wait for. */
  timeZone: z.string(),
  count,
});
export type ApiQuietWait = z.infer<typeof quietWaitSchema>;

/** One day of a program in GET /api/programs/{id}/deliveries: its messages counted by status. */
const deliveryDaySchema = z.object({
  day: count,
  /** When the day goes out (ISO), from the program's schedule. */
  sendAt: time,
  queued: count,
  sending: count,
  unknown: count,
  sent: count,
  delivered: count,
  undelivered: count,
  failed: count,
  expired: count,
  canceled: count,
  skipped: count,
  /** The failures of the day by reason, most frequent first. */
  failures: z.array(failureCountSchema),
  /**
   * Its messages quiet hours hold past the day's time, by when they will go: at SEND_WINDOW.earliest
   * in `timeZone` (where the recipients may be), soonest first. Empty when none waits.
   */
  waiting: z.array(quietWaitSchema),
  /**
   * Clicks on the day's tracked links (shared/clicks.ts): its messages, those that reached the
   * phone, those whose link was opened (the unique clickers) and the click rate. Null when no
   * message of the day carried a tracked link.
   */
  clicks: clickFiguresSchema.nullable(),
});
export type ApiDeliveryDay = z.infer<typeof deliveryDaySchema>;

/**
 * The program's pods' active participant members counted once each, by whether they receive its
 * messages and, if not, the first reason why (in this order): recipients + the rest = total.
 */
const audienceSchema = z.object({
  total: count,
  recipients: count,
  /** The contact is inactive. */
  inactive: count,
  /** They, or their phone, opted out (STOP or 21610). */
  optedOut: count,
  /** No phone number. */
  noPhone: count,
  /** Not opted in (smsVerified false). */
  notOptedIn: count,
  /** Their phone is another recipient's too: the number receives each day once, through them. */
  sharedPhone: count,
});
export type ApiProgramAudience = z.infer<typeof audienceSchema>;

/** GET /api/programs/{id}/deliveries. */
export const programDeliveriesResponse = z.object({
  days: z.array(deliveryDaySchema),
  /** Participants who would receive the program's next message now. */
  recipients: count,
  audience: audienceSchema,
});
export type ApiProgramDeliveries = z.infer<typeof programDeliveriesResponse>;
