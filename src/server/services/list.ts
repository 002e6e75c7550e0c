import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_SORT } from '../../shared/validation/list';

export interface ListParams {
  page?: number;
  perPage?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** Rows to skip and take; no `page` means the whole list. */
export function pageOf(params: ListParams): { limit: number | undefined; offset: number } {
  if (!params.page) return { limit: undefined, offset: 0 };
  const perPage = params.perPage ?? 25;
  return { limit: perPage, offset: (params.page - 1) * perPage };
}

/**
 * ORDER BY for a list: the requested field (default createdAt, newest first), then the id, so rows
 * with equal values keep a stable order from page to page.
 */
export function orderOf(
  columns: Record<string, AnyColumn | SQL>,
  params: ListParams,
  id: AnyColumn,
): SQL[] {
  const field = params.sort ?? DEFAULT_SORT.field;
  const direction = (params.order ?? DEFAULT_SORT.order) === 'asc' ? asc : desc;
  const column = columns[field] ?? columns[DEFAULT_SORT.field]!;
  return [direction(column), direction(id)];
}

/** `%text%` for ILIKE, with the pattern characters of the search text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
