import type { z } from 'zod';
import type { ValidationDetail } from '../../shared/types';
import { badRequest } from './errors';

/**
 * Parses request input with one of the shared schemas. On failure, answers 400 with
 * `{error, details}`: `error` is the first rule's message and `details` names every failing field
 * (dotted path, e.g. `messages.2.text`) with the spec's message for it.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  describe?: (detail: ValidationDetail) => ValidationDetail,
): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => {
    const detail = { field: issue.path.map(String).join('.'), message: issue.message };
    return describe ? describe(detail) : detail;
  });
  throw badRequest(details[0]?.message ?? 'Invalid input', details);
}
