import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import { podMembers, productMessages, products, users } from '../../src/server/db/schema';
import { DEMO_PRODUCTS } from '../../src/server/services/demo-content';
import { seedDemo } from '../../src/server/services/demo-data';
import { smsBody } from '../../src/shared/product';
import { analyzeSms } from '../../src/shared/sms';
import { productCreateSchema } from '../../src/shared/validation/product';
import { createUser, startTestApp, type TestContext } from './helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const total = async (table: PgTable) => (await ctx.db.select({ n: count() }).from(table))[0]!.n;

describe('npm run seed:demo', () => {
  it('adds products with their day messages, 200 contacts of every role, pods with members and programs', async () => {
    const existing = await createUser(ctx.db, {
      email: 'maria.garcia.1@example.com',
      firstName: 'Kept',
      role: 'host',
    });
    const summary = await seedDemo(ctx.db);
    expect(summary).toMatchObject({
      skipped: false,
      products: DEMO_PRODUCTS.length,
      pods: 6,
      programs: 5,
    });
    // The first demo address (an admin's) was taken already: that contact is left as it was.
    expect(summary.contacts).toBe(199);
    const [kept] = await ctx.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(kept).toMatchObject({ firstName: 'Kept', role: 'host' });

    const roles = await ctx.db
      .select({ role: users.role, n: count() })
      .from(users)
      .groupBy(users.role);
    expect(Object.fromEntries(roles.map((r) => [r.role, r.n]))).toMatchObject({
      admin: 5,
      host: 25,
      participant: 170,
    });
    const mindful = await ctx.db.query.products.findFirst({
      where: eq(products.name, 'Mindful Mornings'),
    });
    const series = await ctx.db
      .select()
      .from(productMessages)
      .where(eq(productMessages.productId, mindful!.id));
    expect(series).toHaveLength(mindful!.days + 2);
    expect(await total(podMembers)).toBe(summary.podMembers);
    expect(summary.podMembers).toBeGreaterThan(6 * 10);
  });

  it('adds nothing the second time', async () => {
    const before = await total(users);
    expect((await seedDemo(ctx.db)).skipped).toBe(true);
    expect(await total(users)).toBe(before);
  });

  it('writes products that pass the product rules, in plain GSM-7 text', () => {
    for (const product of DEMO_PRODUCTS) {
      const input = { ...product, days: product.messages.length };
      expect(productCreateSchema.safeParse(input).error?.issues ?? []).toEqual([]);
      for (const message of [product.preMessage, ...product.messages, product.conclusionMessage]) {
        expect(
          analyzeSms(smsBody({ text: message.text, links: message.links ?? [] })),
        ).toMatchObject({
          encoding: 'GSM-7',
          segments: 1,
        });
      }
    }
  });
});
