import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { contactCount } from '../db/schema';

/**
 * How many contacts there are, for a list's count (db/list-page.ts): the sum of `contact_count`'s
 * rows, which the triggers of migration 0029 keep (schema.ts). Exact in every snapshot, as
 * count(*) over `users` would be, but a few rows read instead of every contact's: at 1,000,000
 * contacts the count took 180 ms of the first page's 185 (docs/contacts.md).
 */
export const countAllContacts = (db: Db) =>
  db
    .select({ n: sql<number>`coalesce(sum(${contactCount.contacts}), 0)`.mapWith(Number) })
    .from(contactCount)
    .$dynamic();

/**
 * Adds `contact_count`'s rows into one, in one statement: the rows it deletes are the rows it sums,
 * so none is counted twice or lost, and a statement adding a row meanwhile keeps its own. Two
 * folds at once each take the rows the other did not. Then vacuums the table, as the outbox's fold
 * does its changes (services/message-counts.ts): the list reads all of it, and the embedded
 * database has no autovacuum to make the folded rows' space reusable. Returns how many rows it
 * folded.
 */
export async function foldContactCount(db: Db): Promise<number> {
  const [result] = await rowsOf<{ folded: number }>(
    db,
    sql`with moved as (delete from ${contactCount} returning ${contactCount.contacts}),
      summed as (insert into ${contactCount} (contacts) select sum(contacts) from moved having count(*) > 0)
      select count(*)::int as folded from moved`,
  );
  if (result!.folded > 1) await db.execute(sql`vacuum ${contactCount}`);
  return result!.folded;
}
