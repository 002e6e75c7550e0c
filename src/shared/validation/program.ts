import { z } from 'zod';
import {
  ENROLLMENTS,
  OFFERINGS,
  PROGRAM_START_DATES,
  PROGRAM_STATUSES,
  SEND_WINDOW,
  TIME_ZONES,
} from '../constants';
import { formatMessage } from '../format';
import { messages } from '../messages';
import { addYears, isLocalDate, isLocalTime, utcToday } from '../schedule';
import { requiredString } from './common';
import { listQuerySchema, oneOrMany } from './list';

/**
 * The program rules of spec section 5 (name required; offering type required when Nuanced;
 * product optional) plus the schedule: a start date within sane bounds, and a send time inside
 * the US quiet-hours window. The form and the API use this one schema.
 */
const t = messages.programs;

/** An empty choice ('', null or absent) is no choice. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());

/**
 * A real date from PROGRAM_START_DATES.earliest to PROGRAM_START_DATES.maxYearsAhead years after
 * today (UTC, as the server counts; the console may be a day off near midnight, and the server
 * decides).
 */
function checkStartDate(date: string, ctx: z.RefinementCtx) {
  const { earliest, maxYearsAhead } = PROGRAM_START_DATES;
  if (!isLocalDate(date)) {
    ctx.addIssue({ code: 'custom', message: t.startDateInvalid });
  } else if (date < earliest) {
    const message = formatMessage(t.startDateTooEarly, { year: earliest.slice(0, 4) });
    ctx.addIssue({ code: 'custom', message });
  } else if (date > addYears(utcToday(), maxYearsAhead)) {
    const message = formatMessage(t.startDateTooFar, { years: maxYearsAhead });
    ctx.addIssue({ code: 'custom', message });
  }
}

/**
 * The program rules, where `keepsStartDate(date)` tells the program's own stored start date: the
 * start date rules apply to a date being set, not to the one a program already has, so a program
 * saved by an older version with a date the rules now refuse (1999-06-15, 2150-01-01) can still be
 * saved unchanged. A new program keeps none.
 */
export const programSchemaKeeping = (keepsStartDate: (date: string) => boolean) =>
  z
    .object({
      programName: requiredString(t.nameRequired).max(200),
      // The spec's client may send the product as an object with `_id`.
      productId: optional(
        z.preprocess(
          (value) =>
            typeof value === 'object' && value !== null ? (value as { _id?: unknown })._id : value,
          z.uuid({ error: 'productId must be a product id' }),
        ),
      ),
      // Sent by the spec's client; the server derives it from the product's days.
      timeframe: z.unknown().optional(),
      offering: z
        .enum(OFFERINGS, { error: 'Offering must be Standard or Nuanced' })
        .default('Standard'),
      offeringType: z.string().trim().max(200).default(''),
      timeZone: z
        .enum(TIME_ZONES, { error: 'Choose one of the time zones offered' })
        .default('America/Los_Angeles'),
      podIds: z
        .array(z.uuid({ error: 'podIds must be pod ids' }))
        .max(1000)
        .default([]),
      startDate: optional(
        z.string().superRefine((date, ctx) => {
          if (!keepsStartDate(date)) checkStartDate(date, ctx);
        }),
      ),
      enrollment: z
        .enum(ENROLLMENTS, { error: 'Enrollment must be cohort or rolling' })
        .default('cohort'),
      enrollmentEndsOn: optional(
        z.string().refine(isLocalDate, { error: t.enrollmentEndsOnInvalid }),
      ),
      sendTime: z
        .string()
        .default(SEND_WINDOW.default)
        .refine(
          (time) => isLocalTime(time) && time >= SEND_WINDOW.earliest && time <= SEND_WINDOW.latest,
          { error: t.sendTimeOutsideWindow },
        ),
    })
    .superRefine((program, ctx) => {
      if (program.offering === 'Nuanced' && !program.offeringType) {
        ctx.addIssue({ code: 'custom', path: ['offeringType'], message: t.offeringTypeRequired });
      }
      const endsOn = program.enrollmentEndsOn;
      if (endsOn !== null && program.enrollment === 'cohort') {
        ctx.addIssue({
          code: 'custom',
          path: ['enrollmentEndsOn'],
          message: t.enrollmentEndsOnCohort,
        });
      } else if (endsOn !== null && program.startDate && endsOn < program.startDate) {
        const message = t.enrollmentEndsBeforeStart;
        ctx.addIssue({ code: 'custom', path: ['enrollmentEndsOn'], message });
      }
    })
    .transform(({ timeframe: _timeframe, ...program }) => ({
      ...program,
      podIds: [...new Set(program.podIds)],
      // A Standard program has no offering type.
      offeringType: program.offering === 'Nuanced' ? program.offeringType : '',
    }));

/** A new program's rules: every start date is checked. */
export const programSchema = programSchemaKeeping(() => false);

/**
 * The rules of a program being changed, whose stored start date is `stored`: it may be sent back
 * as it is. The console checks with this; the API checks the start date against the stored one
 * once it has read it (services/programs.ts), since the body is parsed before.
 */
export const programEditSchema = (stored: string | null | undefined) =>
  programSchemaKeeping((date) => date === stored);

/** The API's parse of a changed program's body: its start date is checked against the stored one. */
export const programUpdateBodySchema = programSchemaKeeping(() => true);

/** A start date being set, alone: refused with the words the full schema would use. */
export const startDateSchema = z.object({ startDate: z.string().superRefine(checkStartDate) });

export type ProgramInput = z.output<typeof programSchema>;

export const PROGRAM_SORT_FIELDS = [
  'programName',
  'productName',
  'productDays',
  'offering',
  'timeZone',
  'podCount',
  'status',
  'startDate',
  'createdAt',
] as const;

/** GET /api/programs: search by name, offering and status filters. */
export const programListQuerySchema = listQuerySchema(PROGRAM_SORT_FIELDS).extend({
  offering: oneOrMany(OFFERINGS, 'offering'),
  status: oneOrMany(PROGRAM_STATUSES, 'status'),
});

/** GET /api/programs/{id}/enrollments: a page (the first unless asked) of up to MAX_PER_PAGE. */
export const enrollmentListQuerySchema = listQuerySchema(['enrolledAt'] as const).pick({
  page: true,
  perPage: true,
});
export type EnrollmentListQuery = z.output<typeof enrollmentListQuerySchema>;
