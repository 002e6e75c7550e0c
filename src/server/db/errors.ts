/** The PostgreSQL error behind a failed query (drizzle wraps the driver's error as its cause). */
function pgError(error: unknown): { code?: string; constraint?: string } {
  const e = error as {
    code?: string;
    constraint?: string;
    constraint_name?: string;
    cause?: unknown;
  };
  if (e?.code) return { code: e.code, constraint: e.constraint ?? e.constraint_name };
  return e?.cause ? pgError(e.cause) : {};
}

/** Whether a query failed on the unique index `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const { code, constraint: name } = pgError(error);
  return code === '23505' && name === constraint;
}

/**
 * Whether PostgreSQL aborted a transaction because it lost to another one (a deadlock, or a
 * serialization failure): the transaction was rolled back whole and may simply be run again.
 */
export function isTransactionConflict(error: unknown): boolean {
  const { code } = pgError(error);
  return code === '40P01' || code === '40001';
}
