import { z } from 'zod';

/**
 * Query parameters every list route takes: `page` (from 1) and `perPage`, `sort` (one of the
 * resource's sortable fields) and `order` (asc or desc), `q` (search text). Without `page` a list
 * returns every row, as the spec's client expects.
 */
export const MAX_PER_PAGE = 500;

export const DEFAULT_SORT = { field: 'createdAt', order: 'desc' } as const;

export function listQuerySchema<const F extends readonly [string, ...string[]]>(sortFields: F) {
  return z.object({
    page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).optional(),
    perPage: z.coerce
      .number({ error: `perPage must be a whole number from 1 to ${MAX_PER_PAGE}` })
      .int()
      .min(1)
      .max(MAX_PER_PAGE)
      .optional(),
    sort: z.enum(sortFields, { error: `sort must be one of ${sortFields.join(', ')}` }).optional(),
    order: z
      .preprocess(
        (value) => (typeof value === 'string' ? value.toLowerCase() : value),
        z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }),
      )
      .optional(),
    q: z.string().trim().max(200).optional(),
  });
}

/** A filter given as `a,b` (react-admin's list of values) or once. */
export function oneOrMany<const V extends readonly [string, ...string[]]>(values: V, name: string) {
  return z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(values, { error: `${name} must be one of ${values.join(', ')}` })))
    .optional();
}
