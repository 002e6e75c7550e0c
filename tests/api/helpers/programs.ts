import type { Db } from '../../../src/server/db/client';
import { products, programs } from '../../../src/server/db/schema';

type ProgramRow = Omit<typeof programs.$inferInsert, 'productId'>;

/** A product of `days` days, 'Morning Walks', and `rows` as programs of it: their ids, in order. */
export async function programsOfProduct(db: Db, days: number, rows: ProgramRow[]) {
  const [product] = await db
    .insert(products)
    .values({ name: 'Morning Walks', days })
    .returning({ id: products.id });
  const made = await db
    .insert(programs)
    .values(rows.map((row) => ({ ...row, productId: product!.id })))
    .returning({ id: programs.id });
  return made.map((program) => program.id);
}
