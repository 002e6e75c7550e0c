import { z } from 'zod';
import { OFFERINGS, PROGRAM_STATUSES, TIME_ZONES } from '../constants';
import type { Program } from '../program';
import type { ApiProgramDeliveries } from '../types';
import { failureCountSchema, listOf } from './common';

const time = z.iso.datetime();
const count = z.number().int();

/** One program is answered as the object itself, as the spec's client reads it. */
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
  pods: z.array(z.object({ _id: z.uuid(), id: z.uuid(), podId: z.string(), podName: z.string() })),
  startDate: z.iso.date().nullable(),
  sendTime: z.string(),
  status: z.enum(PROGRAM_STATUSES),
  pausedAt: time.nullable(),
  messagesSent: count,
  daysSent: z.array(count),
  createdAt: time,
  updatedAt: time,
}) satisfies z.ZodType<Program>;

export const programListResponse = listOf('programs', programResponse);

export const programDeliveriesResponse = z.object({
  days: z.array(
    z.object({
      day: count,
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
      failures: z.array(failureCountSchema),
      waiting: z.array(z.object({ until: time, timeZone: z.string(), count })),
    }),
  ),
  recipients: count,
  audience: z.object({
    total: count,
    recipients: count,
    inactive: count,
    optedOut: count,
    noPhone: count,
    notOptedIn: count,
    sharedPhone: count,
  }),
}) satisfies z.ZodType<ApiProgramDeliveries>;
