import { and, count, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  consentEvents,
  inboundMessages,
  outboundMessages,
  podMembers,
  productMessages,
  products,
  users,
} from '../../src/server/db/schema';
import { createPlanner } from '../../src/server/delivery/planner';
import { DELIVERY_DEFAULTS } from '../../src/shared/delivery';
import { DEMO_PRODUCTS } from '../../src/server/demo/content';
import { seedDemo } from '../../src/server/demo/seed';
import { smsBody } from '../../src/shared/product';
import { analyzeSms } from '../../src/shared/sms';
import { testProductSchemas } from '../helpers/message-settings';
import { createUser, startTestApp, type TestContext } from './helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const total = async (table: PgTable, where?: SQL) =>
  (await ctx.db.select({ n: count() }).from(table).where(where))[0]!.n;

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

  it("writes the programs' past: each day due went to its recipients, and the planner carries on from today", async () => {
    const programMessages = await total(outboundMessages, eq(outboundMessages.kind, 'program'));
    expect(programMessages).toBeGreaterThan(100);
    const summary = await ctx.db
      .select({ status: outboundMessages.status, n: count() })
      .from(outboundMessages)
      .groupBy(outboundMessages.status);
    const byStatus = Object.fromEntries(summary.map((row) => [row.status, row.n]));
    // Mostly delivered, some refused by carriers; nothing left waiting or missed.
    expect(byStatus.delivered).toBeGreaterThan(programMessages * 0.8);
    expect(byStatus.undelivered).toBeGreaterThan(0);
    expect(Object.keys(byStatus)).not.toContain('queued');
    expect(Object.keys(byStatus)).not.toContain('expired');
    // A message handed over has its provider id and time; one refused before has neither.
    const handedOver = await ctx.db
      .select()
      .from(outboundMessages)
      .where(inArray(outboundMessages.status, ['sent', 'delivered', 'undelivered']));
    expect(handedOver.every((m) => m.sentAt && m.providerMessageId)).toBe(true);

    const clock = new Date();
    await createPlanner({
      db: ctx.db,
      publicUrl: 'http://localhost:3000',
      cutoffMs: DELIVERY_DEFAULTS.cutoffMs,
      now: () => clock,
    }).planOnce();
    // The past days are recorded as planned: the planner neither re-sends nor expires them.
    const expired = await total(outboundMessages, eq(outboundMessages.status, 'expired'));
    expect(expired).toBe(0);

    // Replies: a JOIN (with its consent row) from everyone opted in, a few questions and STOPs.
    const stops = await ctx.db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.intent, 'optout'));
    expect(stops.length).toBeGreaterThan(0);
    for (const stop of stops) {
      const [contact] = await ctx.db.select().from(users).where(eq(users.id, stop.contactId!));
      expect(contact!.smsOptedOutAt).toEqual(stop.receivedAt);
      const after = await ctx.db
        .select()
        .from(outboundMessages)
        .where(
          and(
            eq(outboundMessages.contactId, stop.contactId!),
            eq(outboundMessages.kind, 'program'),
            gt(outboundMessages.sendAfter, stop.receivedAt),
          ),
        );
      expect(after).toEqual([]);
    }
    const optIns = await total(consentEvents, eq(consentEvents.event, 'opted_in'));
    expect(optIns).toBeGreaterThan(50);
  });

  it('adds nothing the second time', async () => {
    const before = await total(users);
    expect((await seedDemo(ctx.db)).skipped).toBe(true);
    expect(await total(users)).toBe(before);
  });

  it('writes products that pass the product rules, in plain GSM-7 text', () => {
    for (const product of DEMO_PRODUCTS) {
      const input = { ...product, days: product.messages.length };
      expect(testProductSchemas.create.safeParse(input).error?.issues ?? []).toEqual([]);
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
