import { z } from 'zod';
import { ANALYTICS_MAX_DAYS } from '../analytics';
import { formatMessage } from '../format';
import { messages } from '../messages';
import { daysBetween, isLocalDate } from '../schedule';

const t = messages.analyticsApi;

const localDate = (error: string) => z.string({ error }).refine(isLocalDate, { error });

/**
 * GET /api/analytics: `from` and `to` (Los Angeles calendar days, both included, at most
 * ANALYTICS_MAX_DAYS apart) and optionally one program.
 */
export const analyticsQuerySchema = z
  .object({
    from: localDate(t.fromInvalid),
    to: localDate(t.toInvalid),
    programId: z.uuid({ error: t.programInvalid }).optional(),
  })
  .superRefine(({ from, to }, ctx) => {
    if (!isLocalDate(from) || !isLocalDate(to)) return;
    const days = daysBetween(from, to) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: t.toBeforeFrom });
    else if (days > ANALYTICS_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: formatMessage(t.rangeTooLong, { max: ANALYTICS_MAX_DAYS }),
      });
  });

export type AnalyticsQueryInput = z.output<typeof analyticsQuerySchema>;
