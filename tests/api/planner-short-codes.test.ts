import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import {
  outboundMessages,
  podMembers,
  pods,
  productMessages,
  products,
  programPods,
  programs,
  shortLinks,
  users,
} from '../../src/server/db/schema';
import { createPlanner } from '../../src/server/delivery/planner';
import { newShortCode } from '../../src/server/links/codes';
import { createTestDatabase, type TestDatabase } from './helpers/database';

/**
 * A short code is drawn at random (one in 62^7 to be taken already). When one of a batch's codes is
 * taken, the batch is written again with new codes, its messages worked out again: the batch read
 * ahead (planner.ts) must not keep the codes of the attempt that failed. The planner here draws
 * first a code another message already has.
 */
const TAKEN = 'Taken01';
const SEND_AT = new Date('2026-03-06T14:00:00Z');

let testDb: TestDatabase;
let db: Db;
let programId: string;
let takenBy: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  const [product] = await db.insert(products).values({ name: 'Links', days: 1 }).returning();
  await db.insert(productMessages).values({
    productId: product!.id,
    day: 0,
    text: 'Day 0: today’s practice.',
    links: [{ url: 'https://example.org/practice', label: 'Practice', tracked: true }],
  });
  const [program] = await db
    .insert(programs)
    .values({
      programName: 'Links',
      productId: product!.id,
      timeZone: 'America/New_York',
      startDate: '2026-03-06',
      sendTime: '09:00',
      createdAt: new Date('2026-03-01T12:00:00Z'),
      updatedAt: new Date('2026-03-01T12:00:00Z'),
    })
    .returning();
  programId = program!.id;
  const [pod] = await db.insert(pods).values({ podId: 'POD-LINKS', podName: 'Links' }).returning();
  await db.insert(programPods).values({ programId, podId: pod!.id });
  const people = await db
    .insert(users)
    .values(
      ['Ada', 'Ben', 'Cyd'].map((name, i) => ({
        email: `${name.toLowerCase()}@example.org`,
        firstName: name,
        role: 'participant' as const,
        phone: `+121255501${i}0`,
        smsVerified: true,
        createdAt: new Date('2026-03-01T12:00:00Z'),
      })),
    )
    .returning({ id: users.id });
  await db.insert(podMembers).values(
    people.map(({ id }) => ({
      podId: pod!.id,
      userId: id,
      joinedAt: new Date('2026-03-01T12:00:00Z'),
    })),
  );
  // Another message holds the code the planner draws first.
  const [other] = await db
    .insert(outboundMessages)
    .values({ kind: 'test', toPhone: '+12125550199', body: 'A test', status: 'sent' })
    .returning({ id: outboundMessages.id });
  takenBy = other!.id;
  await db.insert(shortLinks).values({
    code: TAKEN,
    messageId: takenBy,
    linkIndex: 0,
    url: 'https://example.org/other',
  });
});
afterAll(() => testDb.dispose());

describe('a batch whose short code was taken', () => {
  it('is written again with new codes, each message with its own, none of the first try’s kept', async () => {
    const firstCodes = [TAKEN];
    const planner = createPlanner({
      db,
      publicUrl: 'https://tidings.example.org',
      cutoffMs: 4 * 60 * 60 * 1000,
      now: () => new Date(SEND_AT.getTime() - 60_000),
      drawShortCode: () => firstCodes.shift() ?? newShortCode(),
    });
    expect(await planner.planOnce()).toMatchObject({ planned: 3 });
    expect(firstCodes).toEqual([]);

    const links = await rowsOf<{ code: string; body: string }>(
      db,
      sql`select l.code, m.body from short_links l join outbound_messages m on m.id = l.message_id
        where l.program_id = ${programId}`,
    );
    expect(links).toHaveLength(3);
    expect(new Set(links.map(({ code }) => code)).size).toBe(3);
    for (const { code, body } of links) {
      expect(code).not.toBe(TAKEN);
      expect(body).toContain(`/${code}`);
    }
    const [taken] = await db.select().from(shortLinks).where(eq(shortLinks.code, TAKEN));
    expect(taken!.messageId).toBe(takenBy);
    const rows = await db
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(eq(outboundMessages.programId, programId));
    expect(rows).toHaveLength(3);
  });
});
