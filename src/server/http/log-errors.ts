import { DrizzleQueryError } from 'drizzle-orm';

/**
 * The `err` of every log line. A failed query's errors carry the values it was sent: Drizzle's
 * error keeps them in `params` and repeats them in its message and stack, PGlite attaches them to
 * the database error as well, and PostgreSQL names row values in `detail` ('Failing row contains
 * (…)', 'Key (email)=(…) already exists') and quotes a refused value in its message. Those values
 * are password hashes, addresses and phone numbers. A database error is therefore logged with what
 * finds the fault (the SQL text with its `$n` placeholders, the SQLSTATE code, the message, the
 * constraint, table and column) and nothing else; other errors keep all their fields.
 */
export function errorForLog(error: Error): LoggedError {
  // pino hands over whatever was logged under `err`; only errors are reshaped.
  if (!isErrorLike(error)) return error as unknown as LoggedError;
  return serialize(error, { params: [], seen: new Set() });
}

type ErrorLike = Error & Record<string, unknown>;

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** The fields of a PostgreSQL error that describe the failure without the data it failed on. */
const DATABASE_ERROR_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'position',
];

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    typeof value === 'object' && value !== null && typeof (value as Error).message === 'string'
  );
}

/** The driver's error (pg's or PGlite's: PGlite minifies its class name, so it is named here). */
const isDriverError = (error: ErrorLike) =>
  typeof error.severity === 'string' && typeof error.code === 'string';

const typeOf = (error: ErrorLike): string => error.constructor?.name || error.name;

/** What the errors above this one carry: the values sent (to mask) and the SQL already logged. */
interface Context {
  params: unknown[];
  query?: unknown;
  seen: Set<unknown>;
}

function serialize(error: ErrorLike, context: Context): LoggedError {
  context.seen.add(error);
  const inner: Context = {
    ...context,
    params: Array.isArray(error.params) ? [...context.params, ...error.params] : context.params,
    query: error.query ?? context.query,
  };
  const recurse = (value: unknown) =>
    isErrorLike(value) && !context.seen.has(value) ? serialize(value, inner) : undefined;

  let out: LoggedError;
  if (error instanceof DrizzleQueryError || isDriverError(error) || 'params' in error) {
    const type = isDriverError(error) ? 'DatabaseError' : typeOf(error);
    // Drizzle's message is the SQL text and the values; the SQL goes in `query` instead.
    const message =
      error instanceof DrizzleQueryError
        ? 'Failed query'
        : maskQuotedValues(error.message, inner.params);
    out = { type, message, stack: `${type}: ${message}${framesOf(error)}` };
    if (typeof error.query === 'string' && error.query !== context.query) out.query = error.query;
    for (const field of DATABASE_ERROR_FIELDS) {
      if (error[field] !== undefined) out[field] = error[field];
    }
  } else {
    // An error under a failed query (a closed database, a lost connection) gets the same masking.
    const type = typeOf(error);
    const message = maskQuotedValues(error.message, inner.params);
    const stack =
      message === error.message ? (error.stack ?? '') : `${type}: ${message}${framesOf(error)}`;
    out = { type, message, stack };
    for (const [key, value] of Object.entries(error)) {
      if (key !== 'cause' && !(key in out)) out[key] = isErrorLike(value) ? recurse(value) : value;
    }
  }
  if (Array.isArray(error.errors)) out.aggregateErrors = error.errors.map(recurse);
  const cause = recurse(error.cause);
  if (cause) out.cause = cause;
  return out;
}

/**
 * PostgreSQL quotes a value it refuses ('invalid input syntax for type uuid: "…"'); a quoted value
 * that the query was sent is masked, the rest of the message kept.
 */
function maskQuotedValues(message: string, params: unknown[]): string {
  let masked = message;
  for (const param of params) {
    if (param === null || param === undefined) continue;
    const text = String(param);
    if (text) masked = masked.split(`"${text}"`).join('"[redacted]"');
  }
  return masked;
}

/** The stack without its first lines, which repeat the message (none if they cannot be told apart). */
function framesOf(error: Error): string {
  const stack = error.stack ?? '';
  const at = error.message ? stack.indexOf(error.message) : -1;
  if (at >= 0) return stack.slice(at + error.message.length);
  const firstLineEnd = stack.indexOf('\n');
  return !error.message && firstLineEnd >= 0 ? stack.slice(firstLineEnd) : '';
}
