import { z } from 'zod';
import { formatMessage } from '../../shared/format';
import { listQuerySchema } from '../../shared/validation/list';
import { serverTexts } from '../texts';
import { LAST_PROGRAM_DAY } from './message';

const t = serverTexts.delivery.api;
const invalid = (name: string, what: string) => formatMessage(t.invalidFilter, { name, what });
const dayError = invalid('day', formatMessage(t.filterDay, { max: LAST_PROGRAM_DAY }));

/**
 * GET /api/programs/{id}/preview: the day (required; the program's own last day is checked
 * against its product), a page of recipients as every paged list takes it (`page`, `perPage`;
 * the first page when absent: the preview renders each recipient's message, so it never answers
 * them all at once) and `flagged=true` for only the recipients it flags.
 */
export const programPreviewQuerySchema = listQuerySchema(['contactId'])
  .pick({ page: true, perPage: true })
  .extend({
    day: z
      .string({ error: dayError })
      .regex(/^\d{1,3}$/, { error: dayError })
      .transform(Number)
      .pipe(z.number().max(LAST_PROGRAM_DAY, { error: dayError })),
    flagged: z
      .enum(['true', 'false'], { error: invalid('flagged', serverTexts.consentApi.filterMatched) })
      .transform((value) => value === 'true')
      .optional(),
  });

export type ProgramPreviewQuery = z.output<typeof programPreviewQuerySchema>;
