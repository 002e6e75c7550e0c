import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { isTransactionConflict } from './errors';

/** How many times a transaction is run before a conflict it keeps losing is reported. */
const TRANSACTION_RUNS = 3;

/**
 * `db.transaction(work)`, run again when PostgreSQL aborts it for a deadlock or a serialization
 * failure. Lock orders are chosen so that this should not happen (see lockAdminsFirst); this is the
 * safety net for a race the order cannot foresee, so that a client gets the answer a later run
 * gives instead of a 500. `work` must do nothing outside the transaction: an aborted run leaves no
 * trace, so running it again is safe.
 */
export async function retryingTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (run >= TRANSACTION_RUNS || !isTransactionConflict(error)) throw error;
    }
  }
}

/**
 * `work` in a transaction without JIT compilation. PostgreSQL compiles a statement whose estimated
 * cost passes jit_above_cost; for the large set-based statements of the planner and of Analytics
 * the estimates run far above what they read, and compiling took longer than the statement
 * (measured: a 100,000-participant day on PostgreSQL took 12.3 s with JIT, 10.4 s without; 30 days
 * of Analytics' clicks 3.2 s with, 1.0 s without). SET LOCAL keeps the setting to this transaction;
 * PGlite has no JIT and accepts it.
 */
export async function withoutJit<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return work(tx);
  });
}
