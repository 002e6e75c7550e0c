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
