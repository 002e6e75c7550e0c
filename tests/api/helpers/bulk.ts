import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';

export const BULK_FIRST_NAMES = ['Maria', 'James', 'Aisha', 'Wei', 'Carlos'];

/**
 * Inserts `count` generated contacts in one statement. Contact i is `<first> Person<i, 5 digits>`,
 * person<i>@example.com, +1503555<i mod 10000, 4 digits>; every 500th an admin, every other 100th a
 * host, the rest participants; every 10th inactive; created i minutes ago.
 */
export async function insertBulkContacts(db: Db, count: number) {
  const names = sql.raw(`array[${BULK_FIRST_NAMES.map((n) => `'${n}'`).join(',')}]`);
  await db.execute(sql`
    insert into users (email, role, status, first_name, last_name, phone, email_verified, created_at)
    select 'person' || g || '@example.com',
           case when g % 500 = 0 then 'admin' when g % 100 = 0 then 'host' else 'participant' end,
           case when g % 10 = 0 then 'inactive' else 'active' end,
           (${names})[1 + g % 5],
           'Person' || lpad(g::text, 5, '0'),
           '+1503555' || lpad((g % 10000)::text, 4, '0'),
           g % 100 = 0,
           now() - (g || ' minutes')::interval
    from generate_series(1, ${count}) as g`);
}
