/** The PostgreSQL error behind a failed query (drizzle wraps the driver's error as its cause). */
export function databaseError(error: unknown): {
  code?: string;
  constraint?: string;
  message?: string;
} {
  const e = error as {
    code?: string;
    constraint?: string;
    constraint_name?: string;
    message?: string;
    cause?: unknown;
  };
  if (e?.code) {
    return { code: e.code, constraint: e.constraint ?? e.constraint_name, message: e.message };
  }
  return e?.cause ? databaseError(e.cause) : {};
}

/** Whether a query failed on the unique index `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const { code, constraint: name } = databaseError(error);
  return code === '23505' && name === constraint;
}

/**
 * Whether PostgreSQL aborted a transaction because it lost to another one (a deadlock, or a
 * serialization failure): the transaction was rolled back whole and may simply be run again.
 */
export function isTransactionConflict(error: unknown): boolean {
  const { code } = databaseError(error);
  return code === '40P01' || code === '40001';
}
