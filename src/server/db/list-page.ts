import { asc, count, desc, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type {
  PgColumn,
  PgSelect,
  SelectedFields,
  SubqueryWithSelection,
} from 'drizzle-orm/pg-core';

/** One term of a list's ORDER BY. */
export interface SortTerm {
  key: AnyColumn | SQL;
  direction: 'asc' | 'desc';
}

/** ORDER BY of sort terms. */
export const orderBy = (terms: SortTerm[]): SQL[] =>
  terms.map(({ key, direction }) => (direction === 'asc' ? asc : desc)(key));

/** Rows to skip and take; no limit means the whole list. */
export interface PageWindow {
  limit: number | undefined;
  offset: number;
}

/** What a list reads: its rows, narrowed by its filter, in its order. */
export interface ListSource {
  /**
   * `fields` from the list's table with the joins its filter and sort read, no WHERE:
   * `(fields) => db.select(fields).from(users).$dynamic()`.
   */
  from: (fields: SelectedFields) => PgSelect;
  where: SQL | undefined;
  /** The row's id: the page is joined back to the full rows by it. */
  id: PgColumn;
  /** Most significant first; the last term is unique (the id), so a page never shifts on ties. */
  order: SortTerm[];
  /**
   * The list's total read another way than counting its rows (one row, `n`), where the database
   * keeps it: the contacts list without a filter (services/contact-count.ts). It must be exact.
   */
  count?: PgSelect;
}

type Page = SubqueryWithSelection<{ id: PgColumn } & Record<string, SQL.Aliased>, 'page'>;

/** The page of ids, in order, for the full rows to be joined to (`page.id`). */
export interface PageIds {
  page: Page;
  /** How many rows the whole list has, to select with each row. */
  total: SQL<number>;
  /** ORDER BY of the joined rows: the list's order, read from the page. */
  order: SQL[];
}

/**
 * One page of a list and the list's total, in one statement: a narrow subquery takes the page's
 * ids (and sort keys) with ORDER BY/LIMIT/OFFSET, the full rows and their joined data are read for
 * those ids only, and each carries the total, counted by a subquery that PostgreSQL runs once.
 *
 * Not `count(*) over ()` on the page: a window count makes the database visit every matching row
 * and compute its sort key before the first row comes out, where the page alone follows an index
 * and stops after `limit` rows. Opening a list (no filter, the default sort) measured 3 to 9 times
 * slower that way on both databases, even over ids alone; counting apart keeps each part on its
 * own best plan. A whole list (no limit) is read anyway, so there the window count is cheaper.
 *
 * A page past the end has no row to carry the total: it is then counted alone.
 */
export async function listPage<Row extends { total: number }>(
  source: ListSource,
  window: PageWindow,
  rows: (page: PageIds) => Promise<Row[]>,
): Promise<{ rows: Omit<Row, 'total'>[]; total: number }> {
  const keys = Object.fromEntries(
    source.order.map(({ key }, i) => [`sort_key_${i}`, sql`${key}`.as(`sort_key_${i}`)]),
  );
  const page = source
    .from({ id: source.id, ...keys })
    .where(source.where)
    .orderBy(...orderBy(source.order))
    .limit(window.limit as number)
    .offset(window.offset)
    .as('page') as unknown as Page;
  const counted = source.count ?? source.from({ n: count() }).where(source.where);
  const total = (window.limit === undefined ? sql`count(*) over ()` : sql`(${counted})`).mapWith(
    Number,
  );
  const order = orderBy(
    source.order.map((term, i) => ({ ...term, key: sql`${page[`sort_key_${i}`]}` })),
  );
  const found = await rows({ page, total, order });
  return {
    rows: found.map(({ total: _total, ...row }) => row),
    total: found[0]?.total ?? (window.offset > 0 ? await countAlone(counted) : 0),
  };
}

async function countAlone(counted: PgSelect): Promise<number> {
  const [row] = (await counted) as { n: number }[];
  return row!.n;
}

/**
 * A list as a route answers it: what it reads (`source`), how its full rows are read for a page of
 * ids (`rows`, as listPage takes it), and how a batch of those rows becomes the API's objects
 * (`toApi`, which may read more for the batch at once).
 */
export interface ListDefinition<Row extends { total: number }, Item> {
  source: ListSource;
  rows: (page: PageIds) => Promise<Row[]>;
  toApi: (rows: Omit<Row, 'total'>[]) => Item[] | Promise<Item[]>;
}

/** A list definition, its row and item types inferred from it. */
export const defineList = <Row extends { total: number }, Item>(list: ListDefinition<Row, Item>) =>
  list;

/** One page of the list (or all of it, without a limit) and the list's total. */
export async function readList<Row extends { total: number }, Item>(
  list: ListDefinition<Row, Item>,
  window: PageWindow,
): Promise<{ items: Item[]; total: number }> {
  const { rows, total } = await listPage(list.source, window, list.rows);
  return { items: await list.toApi(rows), total };
}

/**
 * The whole list a batch at a time, for answers that stream it: the ids of every matching row are
 * taken first, in order, by one statement (one snapshot of the list, as the CSV export does), at
 * most `max` of them; then the full rows are read `batchSize` ids at a time, each batch only when
 * the one before has been consumed. Rows deleted meanwhile are left out. Answers null when the list
 * holds more than `max` rows.
 */
export async function listInBatches<Row extends { total: number }, Item>(
  list: ListDefinition<Row, Item>,
  options: { max: number; batchSize: number },
): Promise<{ total: number; batches: AsyncGenerator<Item[]> } | null> {
  const { source } = list;
  const ids = (await source
    .from({ id: source.id })
    .where(source.where)
    .orderBy(...orderBy(source.order))
    .limit(options.max + 1)) as { id: string }[];
  if (ids.length > options.max) return null;
  async function* batches() {
    for (let start = 0; start < ids.length; start += options.batchSize) {
      const batch = ids.slice(start, start + options.batchSize).map((row) => row.id);
      const keys = Object.fromEntries(
        source.order.map(({ key }, i) => [`sort_key_${i}`, sql`${key}`.as(`sort_key_${i}`)]),
      );
      const page = source
        .from({ id: source.id, ...keys })
        .where(inArray(source.id, batch))
        .as('page') as unknown as Page;
      const order = orderBy(
        source.order.map((term, i) => ({ ...term, key: sql`${page[`sort_key_${i}`]}` })),
      );
      const rows = await list.rows({ page, total: sql<number>`0`.mapWith(Number), order });
      yield await list.toApi(rows.map(({ total: _total, ...row }) => row));
    }
  }
  return { total: ids.length, batches: batches() };
}
