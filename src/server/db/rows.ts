import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** Rows of `db.execute`, which each driver wraps its own way but both with `rows`. */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
