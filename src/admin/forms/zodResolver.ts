import { get, set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver for one of the shared zod schemas: the form shows the very messages
 * the API answers with, and submits the schema's output (trimmed, unknown keys such as a local
 * file object removed).
 */
export function zodResolver<S extends z.ZodType>(schema: S): Resolver<FieldValues> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as FieldValues, errors: {} };
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      // The first problem of a field is the one to fix first.
      if (!get(errors, path)) set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}
