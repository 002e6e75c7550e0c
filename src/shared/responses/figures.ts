import { z } from 'zod';
import { MESSAGE_KINDS, MESSAGE_STATUSES } from '../delivery';
import { clickFiguresSchema } from './clicks';
import { failureCountSchema } from './common';

/**
 * The figures of the Dashboard and Analytics screens. How each is counted is told beside its rule
 * (shared/dashboard.ts, shared/analytics.ts).
 */

const count = z.number().int();
const share = z.number().nullable();

const dashboardTodaySchema = z.object({
  /** Today's date in Los Angeles. */
  date: z.iso.date(),
  /** The first instant of today (ISO) ... */
  from: z.iso.datetime(),
  /** ... and the first of tomorrow, which is not part of it. */
  to: z.iso.datetime(),
  due: count,
  sent: count,
  failed: count,
});
export type DashboardToday = z.infer<typeof dashboardTodaySchema>;

const dashboardProgramSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  productName: z.string().nullable(),
  startDate: z.iso.date().nullable(),
  timeZone: z.string(),
});
export type DashboardProgram = z.infer<typeof dashboardProgramSchema>;

const runningProgramsSchema = z.object({
  /** Every running program, counted; `programs` names the first of them by name. */
  total: count,
  programs: z.array(dashboardProgramSchema),
});
export type DashboardRunningPrograms = z.infer<typeof runningProgramsSchema>;

/** A message that ended failed or undelivered: who it was for, what it was and why it failed. */
const dashboardFailureSchema = z.object({
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
  /** When it failed (ISO). */
  at: z.iso.datetime(),
});
export type DashboardFailure = z.infer<typeof dashboardFailureSchema>;

/** GET /api/dashboard. */
export const dashboardResponse = z.object({
  today: dashboardTodaySchema,
  runningPrograms: runningProgramsSchema,
  recentFailures: z.array(dashboardFailureSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

const analyticsTotalsSchema = z.object({
  sent: count,
  delivered: count,
  failed: count,
  expired: count,
  optIns: count,
  optOuts: count,
  replies: count,
  /** delivered / sent, from 0 to 1; null when nothing was sent. */
  deliveryRate: share,
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

/** One calendar day of the range; every day of the range is listed, quiet ones with zeros. */
const analyticsDaySchema = z.object({
  date: z.iso.date(),
  sent: count,
  delivered: count,
  failed: count,
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** A reason messages failed, as the provider gave it (or the delivery engine, for its own). */
export type AnalyticsFailure = z.infer<typeof failureCountSchema>;

/** One program's figures over the range. */
const analyticsProgramSchema = z.object({
  programId: z.uuid(),
  programName: z.string(),
  sent: count,
  delivered: count,
  /** delivered / sent; null when it sent nothing in the range. */
  deliveryRate: share,
  optOuts: count,
  /** People the program sent to in the range (each once). */
  recipients: count,
  /** optOuts / recipients; null when it sent to nobody in the range. */
  optOutRate: share,
});
export type AnalyticsProgram = z.infer<typeof analyticsProgramSchema>;

/**
 * A tracked link of a program's day: the day's link at `linkIndex`, leading to `url`; its
 * `messages` and `reached` are its day's, `clicked` those who opened this link.
 */
const analyticsLinkSchema = clickFiguresSchema.extend({
  /** Where the link stands in the day's message, from 0. */
  linkIndex: count,
  url: z.string(),
});
export type AnalyticsLink = z.infer<typeof analyticsLinkSchema>;

/** A day of a program (0 = pre-message) whose messages carried tracked links, and each link. */
const analyticsProgramDaySchema = clickFiguresSchema.extend({
  programId: z.uuid(),
  programName: z.string(),
  day: count,
  /** By position; a day whose link was edited while it went out lists each URL. */
  links: z.array(analyticsLinkSchema),
});
export type AnalyticsProgramDay = z.infer<typeof analyticsProgramDaySchema>;

/**
 * Clicks on the tracked links of the program messages handed over in the range, each message on
 * the day it was handed over, like `sent` (shared/clicks.ts). Dates, programs and program days
 * without a tracked link are not listed.
 */
const analyticsClicksSchema = z.object({
  totals: clickFiguresSchema,
  /** Los Angeles days, in order. */
  days: z.array(clickFiguresSchema.extend({ date: z.iso.date() })),
  /** By program id, in no order: the programs list names them. */
  programs: z.array(clickFiguresSchema.extend({ programId: z.uuid() })),
  /** By program name, then day. */
  programDays: z.array(analyticsProgramDaySchema),
});
export type AnalyticsClicks = z.infer<typeof analyticsClicksSchema>;

/** GET /api/analytics. */
export const analyticsResponse = z.object({
  totals: analyticsTotalsSchema,
  days: z.array(analyticsDaySchema),
  failures: z.array(failureCountSchema),
  programs: z.array(analyticsProgramSchema),
  clicks: analyticsClicksSchema,
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;
