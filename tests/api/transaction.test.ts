import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta } from '../../src/server/db/schema';
import { retryingTransaction } from '../../src/server/db/transaction';
import { startTestApp, type TestContext } from './helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

/** An error as PostgreSQL reports it (SQLSTATE in `code`). */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('retryingTransaction', () => {
  it('runs a transaction PostgreSQL aborted for a deadlock or a serialization failure again', async () => {
    const failures = [
      pgError('40P01', 'deadlock detected'),
      pgError('40001', 'could not serialize access'),
    ];
    let runs = 0;
    const result = await retryingTransaction(ctx.db, async (tx) => {
      runs += 1;
      await tx.insert(appMeta).values({ key: `retry-${runs}`, value: {} });
      const failure = failures.shift();
      if (failure) throw failure;
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(3);
    // The aborted runs left nothing behind.
    expect(await ctx.db.select().from(appMeta).where(eq(appMeta.key, 'retry-1'))).toEqual([]);
    expect(await ctx.db.select().from(appMeta).where(eq(appMeta.key, 'retry-3'))).toHaveLength(1);
  });

  it('gives up after three runs, and never runs again for other errors', async () => {
    let runs = 0;
    await expect(
      retryingTransaction(ctx.db, async () => {
        runs += 1;
        throw pgError('40P01', 'deadlock detected');
      }),
    ).rejects.toThrow('deadlock detected');
    expect(runs).toBe(3);

    runs = 0;
    await expect(
      retryingTransaction(ctx.db, async () => {
        runs += 1;
        throw pgError('23505', 'duplicate key');
      }),
    ).rejects.toThrow('duplicate key');
    expect(runs).toBe(1);
  });
});
