import type { AnyColumn, SQL } from 'drizzle-orm';
import { DEFAULT_SORT } from '../../shared/validation/list';
import type { PageWindow, SortTerm } from '../db/list-page';

export interface ListParams {
  page?: number;
  perPage?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** Rows to skip and take; no `page` means the whole list. */
export function pageOf(params: ListParams): PageWindow {
  if (!params.page) return { limit: undefined, offset: 0 };
  const perPage = params.perPage ?? 25;
  return { limit: perPage, offset: (params.page - 1) * perPage };
}

/**
 * The order of a list: the requested field (default createdAt, newest first), then the id, so rows
 * with equal values keep a stable order from page to page.
 */
export function sortOf(
  columns: Record<string, AnyColumn | SQL>,
  params: ListParams,
  id: AnyColumn,
): SortTerm[] {
  const field = params.sort ?? DEFAULT_SORT.field;
  const direction = params.order ?? DEFAULT_SORT.order;
  const key = columns[field] ?? columns[DEFAULT_SORT.field]!;
  return [
    { key, direction },
    { key: id, direction },
  ];
}

/** `%text%` for ILIKE, with the pattern characters of the search text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
