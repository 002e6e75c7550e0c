import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorForLog } from '../../src/server/http/log-errors';
import { loggerOptions } from '../../src/server/http/logger';

const SECRETS = ['scrypt$32768$8$1$c2FsdA==$a2V5', 'jane.roe@example.org', '+15035550123'];

/** A failed insert as the drivers report it: Drizzle's error around PostgreSQL's. */
function failedInsert() {
  const database = Object.assign(new Error(`invalid input syntax for type uuid: "${SECRETS[1]}"`), {
    name: 'error',
    severity: 'ERROR',
    code: '22P02',
    detail: `Failing row contains (${SECRETS.join(', ')}).`,
    where: `unnamed portal parameter $2 = '${SECRETS[1]}'`,
    table: 'users',
    // PGlite attaches the query and its values to its own error too.
    query: 'insert into "users" ("password_hash", "email", "phone") values ($1, $2, $3)',
    params: SECRETS,
  });
  return new DrizzleQueryError(database.query, SECRETS, database);
}

/** Every line a server logger writes, parsed. */
function serverLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: loggerOptions({ logLevel: 'info' }, { stream }) });
  return { log: app.log, lines };
}

describe('errorForLog', () => {
  it('keeps the SQL and the PostgreSQL error of a failed query, and none of its values', () => {
    const logged = errorForLog(failedInsert()) as Record<string, Record<string, unknown>>;
    const text = JSON.stringify(logged);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: 'insert into "users" ("password_hash", "email", "phone") values ($1, $2, $3)',
      stack: expect.stringMatching(/^DrizzleQueryError: Failed query\n {4}at /),
      cause: {
        type: 'DatabaseError',
        code: '22P02',
        severity: 'ERROR',
        table: 'users',
        message: 'invalid input syntax for type uuid: "[redacted]"',
      },
    });
    expect(logged.cause).not.toHaveProperty('detail');
    expect(logged.cause).not.toHaveProperty('query'); // already logged once, above
  });

  it('covers every way a server logger is handed an error, wrapped or not', () => {
    const { log, lines } = serverLog();
    log.error({ err: failedInsert() }, 'as err');
    log.error(failedInsert(), 'as the first argument');
    log
      .child({ reqId: 'r1' })
      .warn({ err: new Error('outer', { cause: failedInsert() }) }, 'child');
    log.error({ err: new AggregateError([failedInsert()], 'all failed') }, 'aggregate');
    expect(lines).toHaveLength(4);
    const text = JSON.stringify(lines);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(lines[2]).toMatchObject({
      reqId: 'r1',
      err: { message: 'outer', cause: { message: 'Failed query', cause: { code: '22P02' } } },
    });
    expect(lines[3]).toMatchObject({ err: { aggregateErrors: [{ message: 'Failed query' }] } });
  });

  it('leaves other errors whole', () => {
    const error = Object.assign(new Error('disk full', { cause: new Error('ENOSPC') }), {
      code: 'ENOSPC',
      path: '/data/media/x.jpg',
    });
    expect(errorForLog(error)).toEqual({
      type: 'Error',
      message: 'disk full',
      stack: error.stack,
      code: 'ENOSPC',
      path: '/data/media/x.jpg',
      cause: expect.objectContaining({ message: 'ENOSPC' }),
    });
    // pino passes on whatever was logged under `err`.
    expect(errorForLog('not an error' as unknown as Error)).toBe('not an error');
  });
});
