import { expect, it } from 'vitest';
import { startServer } from '../helpers/server';

/**
 * What the server says at start about SMS: where messages go, or that it sends none. (On the
 * embedded database; the worker's own start is in dispatcher-processes.test.ts.)
 */

it('prints where SMS goes when it runs the dispatcher, and that it does not with DISPATCHER=off', async () => {
  const withDispatcher = await startServer({ LOG_LEVEL: 'fatal' });
  const withoutDispatcher = await startServer({ LOG_LEVEL: 'fatal', DISPATCHER: 'off' });
  try {
    expect(withDispatcher.output()).toContain(
      'SMS is not sent: each message is logged and reported delivered (SMS_PROVIDER=log).',
    );
    expect(withoutDispatcher.output()).toContain(
      'SMS is not sent at all (DISPATCHER=off, and npm run worker needs PostgreSQL).',
    );
  } finally {
    expect(await withDispatcher.stop()).toBe(0);
    expect(await withoutDispatcher.stop()).toBe(0);
  }
}, 120_000);
