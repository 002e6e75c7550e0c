import type { Offering, ProgramStatus, TimeZone } from './constants';
import type { LocalDate, LocalTime } from './schedule';

/** A pod a program sends to, as the program shows it. */
export interface ProgramPod {
  _id: string;
  id: string;
  podId: string;
  podName: string;
}

/**
 * A program as the API returns it (spec section 3, plus the schedule): `productName` and
 * `productDays` are resolved from the product, `timeframe` is derived from its days ('7 days'),
 * and `status` from the schedule, the clock and pause (see shared/schedule.ts).
 */
export interface Program {
  _id: string;
  id: string;
  programName: string;
  productId: string | null;
  productName: string | null;
  productDays: number | null;
  timeframe: string | null;
  offering: Offering;
  offeringType: string;
  timeZone: TimeZone;
  podIds: string[];
  pods: ProgramPod[];
  /** The date of day 0 (the pre-message), in the program's zone; null until chosen. */
  startDate: LocalDate | null;
  /** When each day's message goes out, local time, within the send window (08:00-21:00). */
  sendTime: LocalTime;
  status: ProgramStatus;
  pausedAt: string | null;
  /**
   * How many of its day messages the outbox says were handed to the SMS provider (sent or
   * delivered). Only this may be called sent: the schedule and the clock say what was due.
   */
  messagesSent: number;
  /**
   * The days (0 = pre-message) of which the outbox says at least one message was handed to the
   * provider, ascending. They are never sent again, so a new schedule has them behind it.
   */
  daysSent: number[];
  createdAt: string;
  updatedAt: string;
}

/** A program's timeframe as the list shows it: '7 days' ('1 day'). */
export const timeframeOf = (days: number | null): string | null =>
  days === null ? null : `${days} ${days === 1 ? 'day' : 'days'}`;
