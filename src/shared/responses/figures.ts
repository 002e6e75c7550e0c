import { z } from 'zod';
import type { AnalyticsResponse } from '../analytics';
import type { DashboardResponse } from '../dashboard';
import { MESSAGE_KINDS, MESSAGE_STATUSES } from '../delivery';
import { failureCountSchema } from './common';

/** The figures of the Dashboard and Analytics screens. */

const count = z.number().int();
const share = z.number().nullable();

export const dashboardResponse = z.object({
  today: z.object({
    date: z.iso.date(),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    due: count,
    sent: count,
    failed: count,
  }),
  runningPrograms: z.object({
    total: count,
    programs: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        productName: z.string().nullable(),
        startDate: z.iso.date().nullable(),
        timeZone: z.string(),
      }),
    ),
  }),
  recentFailures: z.array(
    z.object({
      id: z.uuid(),
      status: z.enum(MESSAGE_STATUSES),
      kind: z.enum(MESSAGE_KINDS),
      toPhone: z.string(),
      contactId: z.uuid().nullable(),
      contactName: z.string().nullable(),
      programId: z.uuid().nullable(),
      programName: z.string().nullable(),
      day: count.nullable(),
      errorCode: z.string().nullable(),
      errorMessage: z.string().nullable(),
      at: z.iso.datetime(),
    }),
  ),
}) satisfies z.ZodType<DashboardResponse>;

export const analyticsResponse = z.object({
  totals: z.object({
    sent: count,
    delivered: count,
    failed: count,
    expired: count,
    optIns: count,
    optOuts: count,
    replies: count,
    deliveryRate: share,
  }),
  days: z.array(z.object({ date: z.iso.date(), sent: count, delivered: count, failed: count })),
  failures: z.array(failureCountSchema),
  programs: z.array(
    z.object({
      programId: z.uuid(),
      programName: z.string(),
      sent: count,
      delivered: count,
      deliveryRate: share,
      optOuts: count,
      recipients: count,
      optOutRate: share,
    }),
  ),
}) satisfies z.ZodType<AnalyticsResponse>;
