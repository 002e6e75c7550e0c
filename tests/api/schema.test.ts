import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  podMembers,
  pods,
  products,
  productMessages,
  programPods,
  programs,
  users,
} from '../../src/server/db/schema';
import { createUser, startTestApp, type TestContext } from './helpers/app';

/** The constraints the database itself enforces, whatever the code above it does. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error). */
async function failureCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  return undefined;
}

const UNIQUE = '23505';
const FOREIGN_KEY = '23503';
const CHECK = '23514';

describe('database constraints', () => {
  it('keeps emails unique', async () => {
    const { user } = await createUser(ctx.db);
    expect(await failureCode(createUser(ctx.db, { email: user.email }))).toBe(UNIQUE);
  });

  it('stores emails lower-cased only', async () => {
    expect(await failureCode(createUser(ctx.db, { email: 'Mixed@Example.org' }))).toBe(CHECK);
  });

  it('never gives a participant a password or a verified email', async () => {
    expect(
      await failureCode(createUser(ctx.db, { role: 'participant', password: 'secret-pass' })),
    ).toBe(CHECK);
    expect(
      await failureCode(createUser(ctx.db, { role: 'participant', emailVerified: true })),
    ).toBe(CHECK);
  });

  it('keeps pod ids unique and a contact once per pod', async () => {
    const [pod] = await ctx.db
      .insert(pods)
      .values({ podId: 'POD-20260101-000000', podName: 'A' })
      .returning();
    expect(
      await failureCode(ctx.db.insert(pods).values({ podId: 'POD-20260101-000000', podName: 'B' })),
    ).toBe(UNIQUE);
    const { user } = await createUser(ctx.db, { role: 'participant' });
    await ctx.db.insert(podMembers).values({ podId: pod!.id, userId: user.id });
    expect(
      await failureCode(ctx.db.insert(podMembers).values({ podId: pod!.id, userId: user.id })),
    ).toBe(UNIQUE);
  });

  it('refuses links to rows that do not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      await failureCode(ctx.db.insert(podMembers).values({ podId: missing, userId: missing })),
    ).toBe(FOREIGN_KEY);
    expect(
      await failureCode(ctx.db.insert(programs).values({ programName: 'X', productId: missing })),
    ).toBe(FOREIGN_KEY);
    expect(
      await failureCode(ctx.db.insert(productMessages).values({ productId: missing, day: 0 })),
    ).toBe(FOREIGN_KEY);
    expect(
      await failureCode(ctx.db.insert(programPods).values({ programId: missing, podId: missing })),
    ).toBe(FOREIGN_KEY);
  });

  it('keeps product days within 1..365 and one message per day', async () => {
    expect(await failureCode(ctx.db.insert(products).values({ name: 'P', days: 0 }))).toBe(CHECK);
    expect(await failureCode(ctx.db.insert(products).values({ name: 'P', days: 366 }))).toBe(CHECK);
    const [product] = await ctx.db.insert(products).values({ name: 'P', days: 365 }).returning();
    await ctx.db.insert(productMessages).values({ productId: product!.id, day: 1 });
    expect(
      await failureCode(ctx.db.insert(productMessages).values({ productId: product!.id, day: 1 })),
    ).toBe(UNIQUE);
  });

  it('requires an offering type for Nuanced programs and a known time zone', async () => {
    expect(
      await failureCode(ctx.db.insert(programs).values({ programName: 'N', offering: 'Nuanced' })),
    ).toBe(CHECK);
    expect(
      await failureCode(
        ctx.db
          .insert(programs)
          .values({ programName: 'N', offering: 'Nuanced', offeringType: '  ' }),
      ),
    ).toBe(CHECK);
    expect(
      await failureCode(
        ctx.db.insert(programs).values({ programName: 'T', timeZone: 'Europe/Paris' as never }),
      ),
    ).toBe(CHECK);
  });

  it('rejects unknown roles and statuses', async () => {
    expect(await failureCode(createUser(ctx.db, { role: 'owner' as never }))).toBe(CHECK);
    expect(await failureCode(createUser(ctx.db, { status: 'banned' as never }))).toBe(CHECK);
    expect(
      await failureCode(
        ctx.db.insert(users).values({ email: 'x@y.zz', role: 'host', status: 'active' }),
      ),
    ).toBeUndefined();
  });
});
