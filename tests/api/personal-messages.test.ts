import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outboundMessages,
  podMembers,
  pods,
  programPods,
  programs,
  shortLinks,
} from '../../src/server/db/schema';
import { createPlanner } from '../../src/server/delivery/planner';
import { messages } from '../../src/shared/messages';
import { analyzeSms } from '../../src/shared/sms';
import { createUser, startSignedInApp } from './helpers/app';

/**
 * Personal fields and tracked links, as a client and a participant see them: a product saved
 * through the API with `{first_name|there}` and a tracked link, a program of it, and the outbox
 * holding each recipient's own text and short link once the planner has planned the day.
 */

const SHORT_LINK_BASE = 'https://tid.gs/l';
const CUTOFF_MS = 4 * 60 * 60 * 1000;
const GUIDE = `https://example.org/guides/morning-walks/${'stretch-'.repeat(10)}`;
const t = messages.products;

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let phone = 2000;

const day = (text: string, links: object[] = []) => ({ text, links });
const productBody = (preMessage: object) => ({
  name: 'Morning Walks',
  days: 1,
  preMessage,
  messages: [day('Day {day}: walk ten minutes, {first_name|friend}.')],
  conclusionMessage: day('Thanks, {first_name|there}! {days_left} to go.'),
});

const postProduct = (body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/products', payload: body, headers: ctx.auth });

async function participant(firstName: string, lastName = '') {
  phone += 1;
  const { user } = await createUser(ctx.db, {
    role: 'participant',
    firstName,
    lastName,
    phone: `+1212555${phone}`,
    smsVerified: true,
    createdAt: new Date('2026-03-01T00:00:00Z'),
  });
  return user;
}

beforeAll(async () => {
  ctx = await startSignedInApp({ SHORT_LINK_BASE });
});
afterAll(() => ctx.close());

describe('personal fields in a product', () => {
  it('are refused when unknown or broken, each named, with the day they are on', async () => {
    const response = await postProduct(
      productBody(day('Hi {frist_name}, see you {day and {program_name|a|b}')),
    );
    expect(response.statusCode).toBe(400);
    const details = (response.json() as { details: { field: string; message: string }[] }).details;
    expect(details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'preMessage.text',
          message: expect.stringMatching(/^Unknown personal field \{frist_name\}: use/),
        }),
        expect.objectContaining({
          field: 'preMessage.text',
          message: expect.stringMatching(
            /^Broken personal field \{day and , \{program_name\|a\|b\}: write/,
          ),
        }),
      ]),
    );
  });

  it('count at the stated length: 12 for a name, so a text that fits with it is taken', async () => {
    // 'Hi ' + 12 + '!' + filler = 160 exactly; one more is refused.
    const fits = `Hi {first_name}!${'x'.repeat(160 - 16)}`;
    expect((await postProduct(productBody(day(fits)))).statusCode).toBe(201);
    const over = await postProduct(productBody(day(`${fits}x`)));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ details: [{ message: t.messageTooLong }] });
  });
});

describe('a planned day', () => {
  let programId: string;
  let ada: { id: string };
  let nameless: { id: string };

  beforeAll(async () => {
    const created = await postProduct(
      productBody(
        day('Hello {first_name|there} {last_name}, welcome to {program_name}!', [
          { url: GUIDE, label: 'Guide' },
          { url: 'https://ex.co/map', label: 'Map', tracked: false },
        ]),
      ),
    );
    expect(created.statusCode).toBe(201);
    const product = (created.json() as { data: { id: string } }).data;
    const [program] = await ctx.db
      .insert(programs)
      .values({
        programName: 'Spring Steps',
        productId: product.id,
        startDate: '2026-03-06',
        sendTime: '09:00',
        timeZone: 'America/New_York',
        createdAt: new Date('2026-03-01T00:00:00Z'),
      })
      .returning();
    programId = program!.id;
    const [pod] = await ctx.db
      .insert(pods)
      .values({ podId: 'POD-PERSONAL', podName: 'Personal' })
      .returning();
    await ctx.db.insert(programPods).values({ programId, podId: pod!.id });
    ada = await participant('Ada', 'Lovelace');
    nameless = await participant('');
    for (const member of [ada, nameless]) {
      await ctx.db.insert(podMembers).values({
        podId: pod!.id,
        userId: member.id,
        joinedAt: new Date('2026-03-01T00:00:00Z'),
      });
    }
    const planner = createPlanner({
      db: ctx.db,
      publicUrl: ctx.app.config.publicUrl,
      shortLinkBase: ctx.app.config.messageSettings.shortLinkBase,
      cutoffMs: CUTOFF_MS,
      now: () => new Date('2026-03-06T13:58:00Z'),
    });
    expect((await planner.planOnce()).planned).toBe(2);
  });

  const rowOf = async (contactId: string) => {
    const [row] = await ctx.db
      .select()
      .from(outboundMessages)
      .where(
        and(eq(outboundMessages.programId, programId), eq(outboundMessages.contactId, contactId)),
      );
    return row!;
  };
  const linksOf = (messageId: string) =>
    ctx.db
      .select()
      .from(shortLinks)
      .where(eq(shortLinks.messageId, messageId))
      .orderBy(asc(shortLinks.linkIndex));

  it("holds each recipient's own text in the outbox: names filled, fallbacks where none", async () => {
    const [first, second] = [await rowOf(ada.id), await rowOf(nameless.id)];
    expect(first.body).toMatch(
      /^Hello Ada Lovelace, welcome to Spring Steps!\nhttps:\/\/tid\.gs\/l\/[0-9A-Za-z]{7}\nhttps:\/\/ex\.co\/map$/,
    );
    expect(second.body).toMatch(/^Hello there , welcome to Spring Steps!\n/);
    expect(first.segments).toBe(analyzeSms(first.body).segments);
  });

  it('gives each recipient a short link of their own for the tracked link, the other as typed', async () => {
    const [first, second] = [await rowOf(ada.id), await rowOf(nameless.id)];
    const [adaLinks, otherLinks] = [await linksOf(first.id), await linksOf(second.id)];
    expect(adaLinks).toHaveLength(1);
    expect(adaLinks[0]).toMatchObject({
      programId,
      day: 0,
      linkIndex: 0,
      url: GUIDE,
    });
    expect(adaLinks[0]!.code).toMatch(/^[0-9A-Za-z]{7}$/);
    expect(first.body).toContain(`${SHORT_LINK_BASE}/${adaLinks[0]!.code}`);
    expect(first.body).not.toContain(GUIDE);
    expect(otherLinks[0]!.code).not.toBe(adaLinks[0]!.code);
    expect(second.body).toContain(`${SHORT_LINK_BASE}/${otherLinks[0]!.code}`);
  });

  it("sends a participant who opens their short link to the link's address", async () => {
    const [link] = await linksOf((await rowOf(ada.id)).id);
    const response = await ctx.app.inject({ method: 'GET', url: `/l/${link!.code}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(GUIDE);
  });
});
