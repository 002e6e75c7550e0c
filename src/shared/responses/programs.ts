import { z } from 'zod';
import { ENROLLMENTS, OFFERINGS, PROGRAM_STATUSES, TIME_ZONES } from '../constants';
import { MESSAGE_STATUSES } from '../delivery';
import { PERSONAL_FIELDS } from '../personal-fields';
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
  /** `cohort`: everyone on one calendar from the start date; `rolling`: each from their own day 0. */
  enrollment: z.enum(ENROLLMENTS),
  /** A rolling program's last day 0; null: enrollment stays open (and always for a cohort). */
  enrollmentEndsOn: z.iso.date().nullable(),
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

/** A message quiet hours hold past its time: until the morning (ISO) in a zone of its recipient. */
const quietHoldSchema = z.object({
  /** When it goes (ISO): 08:00 on the clock of `timeZone`. */
  until: time,
  /** The IANA zone whose morning it waits for. */
  timeZone: z.string(),
});

/** Messages of a day waiting for the morning in one zone: '12 waiting for 8:00 AM in Los Angeles'. */
const quietWaitSchema = quietHoldSchema.extend({ count });
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

/**
 * A rolling program's participants counted: `enrolled`, everyone it ever enrolled; of them
 * `active` (on their way: not ended, their conclusion still to go out), `finished` (their
 * conclusion went out) and `ended` (they left the pods or stopped texting before it).
 */
const enrollmentSummarySchema = z.object({
  enrolled: count,
  active: count,
  finished: count,
  ended: count,
});
export type ApiEnrollmentSummary = z.infer<typeof enrollmentSummarySchema>;

/** GET /api/programs/{id}/deliveries. */
export const programDeliveriesResponse = z.object({
  /**
   * Each day number of the product, its messages counted over every recipient; a rolling
   * program's over every participant, whatever their day 0 (`sendAt` is then the program's own
   * calendar, from its start date).
   */
  days: z.array(deliveryDaySchema),
  /** Participants who would receive the program's next message now. */
  recipients: count,
  audience: audienceSchema,
  /** A rolling program's enrollments counted now; null for a cohort program. */
  enrollments: enrollmentSummarySchema.nullable(),
});
export type ApiProgramDeliveries = z.infer<typeof programDeliveriesResponse>;

export const ENROLLMENT_STATUSES = ['active', 'finished', 'ended'] as const;

/**
 * A participant of a rolling program: when Tidings enrolled them, their day 0, where they are and
 * what comes next. `finished`: their conclusion has gone out; `ended`: they left (the pods, or
 * texting) before it; `active` otherwise.
 */
const enrollmentSchema = z.object({
  contactId: z.uuid(),
  contactName: z.string(),
  enrolledAt: time,
  startDate: z.iso.date(),
  /** Their day of the program today (0 = the pre-message); null before their day 0. */
  currentDay: count.nullable(),
  status: z.enum(ENROLLMENT_STATUSES),
  endedAt: time.nullable(),
  /** Which run they are on: 1, and one more each time staff restarted them from day 0. */
  run: count,
  /** When their next day goes out; null once finished or ended. */
  nextSendAt: time.nullable(),
});
export type ApiEnrollment = z.infer<typeof enrollmentSchema>;

/** GET /api/programs/{id}/enrollments: a page of them, and how many are in each status. */
export const enrollmentListResponse = listOf('enrollments', enrollmentSchema).extend({
  summary: enrollmentSummarySchema,
});

/** GET /api/contacts/{id}/enrollments: where the contact is in each rolling program. */
export const contactEnrollmentsResponse = z.object({
  enrollments: z.array(
    enrollmentSchema.extend({
      programId: z.uuid(),
      programName: z.string(),
      /** The conclusion's day (N + 1): where the contact's program ends. */
      lastDay: count,
      /**
       * When their day 0 would go out if staff restarted them now (POST …/restart); null when
       * they cannot be restarted now, and `restartRefusal` says why.
       */
      restartStartsAt: time.nullable(),
      restartRefusal: z.string().nullable(),
    }),
  ),
});
export type ApiContactEnrollment = z.infer<
  typeof contactEnrollmentsResponse
>['enrollments'][number];
const encodingSchema = z.enum(['GSM-7', 'UCS-2']);

/**
 * One recipient of a day in GET /api/programs/{id}/preview: the exact message they get. `planned`:
 * the outbox holds their row for the day, and body, segments, media and time are that row's (what
 * was or will be sent, `status` saying which); else the message as the planner will write it, each
 * tracked link as a short link with a stand-in code of the real length (the recipient's own code
 * is drawn when the day is planned).
 */
const previewRecipientSchema = z.object({
  contactId: z.uuid(),
  /** First and last name, as the contact has them now ('' for neither). */
  contactName: z.string(),
  phone: z.string(),
  /** A rolling program's participant's day 0, whose calendar the day is on; null on a cohort one. */
  startDate: z.iso.date().nullable(),
  planned: z.boolean(),
  /** The outbox row's status when planned, else null. */
  status: z.enum(MESSAGE_STATUSES).nullable(),
  body: z.string(),
  encoding: encodingSchema,
  segments: count,
  /** The absolute URL of its media (an MMS), or null. */
  mediaUrl: z.string().nullable(),
  /**
   * When it is due (ISO): the day's send time (a rolling program's participant's: their day 0 +
   * the day, at the send time), or the planned row's.
   */
  sendAt: time,
  /** Until when quiet hours where the recipient may be hold it past `sendAt`; else null. */
  heldUntil: quietHoldSchema.nullable(),
  /** The personal fields that come out empty: no value and no fallback. */
  emptyFields: z.array(z.enum(PERSONAL_FIELDS)),
  /** It costs more segments than the product editor counted for the day's message. */
  moreSegmentsThanCounted: z.boolean(),
  overOneSegment: z.boolean(),
});
export type ApiPreviewRecipient = z.infer<typeof previewRecipientSchema>;

/**
 * GET /api/programs/{id}/preview?day=N: a page of the day's recipients (one per phone, in contact
 * order) with each one's message; `total` counts them all and `flagged` those with a flag (more
 * segments than counted, more than one segment, or an empty field), over all pages. With
 * `flagged=true` the pages hold only those.
 */
export const programPreviewResponse = listOf('recipients', previewRecipientSchema).extend({
  day: count,
  /** A rolling program's recipients are its active participants, each on their own calendar. */
  enrollment: z.enum(ENROLLMENTS),
  /** The program's send time for the day (ISO); null for a rolling program (see each recipient). */
  sendAt: time.nullable(),
  /** The program's zone, whose clock `sendAt` is set by. */
  timeZone: z.string(),
  /** What the product editor counted for the day's message (names at the stated length). */
  counted: z.object({ encoding: encodingSchema, segments: count }),
  /** Tracked links in the message: each goes as the recipient's own short link. */
  trackedLinks: count,
  flagged: count,
});
export type ApiProgramPreview = z.infer<typeof programPreviewResponse>;
