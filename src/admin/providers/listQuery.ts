import type { GetListParams } from 'react-admin';

/** react-admin's list parameters as the API's query string: page, perPage, sort, order, filters. */
export function listQuery(params: Partial<GetListParams>): URLSearchParams {
  const query = new URLSearchParams();
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  query.set('page', String(page));
  query.set('perPage', String(perPage));
  const { field = 'createdAt', order = 'DESC' } = params.sort ?? {};
  query.set('sort', field);
  query.set('order', order.toLowerCase());
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return query;
}
