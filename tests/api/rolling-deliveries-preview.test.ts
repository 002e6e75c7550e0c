import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  podMembers,
  pods,
  productMessages,
  products,
  programPods,
  programs,
} from '../../src/server/db/schema';
import { createPlanner } from '../../src/server/delivery/planner';
import type {
  ApiPreviewRecipient,
  ApiProgramDeliveries,
  ApiProgramPreview,
} from '../../src/shared/responses/programs';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';

/**
 * A rolling program seen from the console: the Deliveries panel's days counted by day number over
 * participants with different days 0, with the enrollments counted, and the preview of a day
 * answering each active participant's message on their own calendar.
 *
 * A 2-day product (day 0, days 1 and 2, the conclusion on day 3) sent at 9:00 in New York from
 * Monday 2026-03-02; 9:00 is 14:00 UTC until the clocks go forward on Sunday 03-08, 13:00 UTC from
 * then. The planner runs two minutes before 9:00 each day from 03-02 to 03-05; the server's clock
 * (the engine's, moved for the test) reads Thursday 03-05 at 11:00 in New York, after that day's
 * send time. By then:
 *
 * - Fin, in the pods from the start (day 0 on 03-02), has had his conclusion on 03-05: finished.
 * - Cy, too, left the pod on 03-02 after his day 0: ended.
 * - Ada joined on 03-03 after the send time (day 0 on 03-04): active, her day 1 planned on 03-05.
 * - Eli shares Ada's phone and joined on 03-04 after the send time (day 0 on 03-05); a phone gets a
 *   day once, through the contact whose day comes first: Ada. His id sorts before hers.
 * - Ben (no first name, a Los Angeles number) joined on 03-05 before the send time: day 0 that day.
 * - Dot joined on 03-05 after the planner's last tick: not enrolled yet.
 */

const CUTOFF_MS = 4 * 60 * 60 * 1000;
const BEFORE = new Date('2026-02-25T12:00:00Z');
const NOW = new Date('2026-03-05T16:00:00Z');
const TEXT = 'Day {day}, {first_name}: {days_left} to go.';

let ctx: TestContext;
let auth: { authorization: string };
let programId: string;
let podId: string;

const id = (n: number) => `00000000-0000-4000-8000-00000000b00${n}`;
const contact = { fin: id(1), cy: id(2), eli: id(3), ada: id(4), ben: id(5), dot: id(6) };

/** 9:00 in New York on a date of March 2026. */
const nineAm = (date: string) =>
  new Date(`${date}T${Number(date.slice(8, 10)) >= 8 ? '13' : '14'}:00:00.000Z`);

async function participant(contactId: string, firstName: string, phone: string, joinedAt: Date) {
  await createUser(ctx.db, {
    id: contactId,
    role: 'participant',
    firstName,
    phone,
    smsVerified: true,
    createdAt: BEFORE,
  });
  await ctx.db.insert(podMembers).values({ podId, userId: contactId, joinedAt });
}

async function tick(date: string) {
  const at = new Date(nineAm(date).getTime() - 2 * 60_000);
  await createPlanner({
    db: ctx.db,
    publicUrl: 'https://tidings.example.org',
    cutoffMs: CUTOFF_MS,
    now: () => at,
  }).planOnce();
}

async function getOk<T>(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const preview = (query: string) =>
  getOk<ApiProgramPreview>(`/api/programs/${programId}/preview?${query}`);

const ids = (answer: ApiProgramPreview) => answer.recipients.map((r) => r.contactId);

beforeAll(async () => {
  ctx = await startTestApp({}, { config: { engineClockOffsetMs: NOW.getTime() - Date.now() } });
  const { user, password } = await createUser(ctx.db, { role: 'host' });
  auth = bearer(await loginAs(ctx.app, user.email, password!));

  const [product] = await ctx.db.insert(products).values({ name: 'Walks', days: 2 }).returning();
  await ctx.db
    .insert(productMessages)
    .values([0, 1, 2, 3].map((day) => ({ productId: product!.id, day, text: TEXT })));
  const [program] = await ctx.db
    .insert(programs)
    .values({
      programName: 'Rolling Walks',
      productId: product!.id,
      startDate: '2026-03-02',
      sendTime: '09:00',
      timeZone: 'America/New_York',
      enrollment: 'rolling',
      createdAt: BEFORE,
      updatedAt: BEFORE,
    })
    .returning();
  programId = program!.id;
  const [pod] = await ctx.db.insert(pods).values({ podId: 'POD-RP', podName: 'RP' }).returning();
  podId = pod!.id;
  await ctx.db.insert(programPods).values({ programId, podId });

  await participant(contact.fin, 'Fin', '+12125554001', BEFORE);
  await participant(contact.cy, 'Cy', '+12125554002', BEFORE);
  await tick('2026-03-02');
  await ctx.db
    .update(podMembers)
    .set({ status: 'removed' })
    .where(eq(podMembers.userId, contact.cy));
  await participant(contact.ada, 'Ada', '+12125554004', new Date('2026-03-03T17:00:00Z'));
  await tick('2026-03-03');
  await participant(contact.eli, 'Eli', '+12125554004', new Date('2026-03-04T17:00:00Z'));
  await tick('2026-03-04');
  await participant(contact.ben, '', '+12135554005', new Date('2026-03-05T12:00:00Z'));
  await tick('2026-03-05');
  await participant(contact.dot, 'Dot', '+12125554006', new Date('2026-03-05T15:30:00Z'));
});
afterAll(() => ctx.close());

describe("a rolling program's Deliveries panel", () => {
  it('counts each day by number over every participant, whatever their day 0, and the enrollments now', async () => {
    const deliveries = await getOk<ApiProgramDeliveries>(`/api/programs/${programId}/deliveries`);
    // Day 0 went to Fin and Cy on 03-02, Ada on 03-04 and Ben on 03-05 (Eli's phone had it).
    expect(deliveries.days.map((day) => [day.day, day.queued])).toEqual([
      [0, 4],
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
    expect(deliveries.enrollments).toEqual({ enrolled: 5, active: 3, finished: 1, ended: 1 });
    // One fact, one place: the enrollments list counts them the same.
    const list = await getOk<{ summary: unknown }>(`/api/programs/${programId}/enrollments`);
    expect(list.summary).toEqual(deliveries.enrollments);
  });
});

describe("a rolling program's preview", () => {
  it("answers each active participant's day on their own calendar, one per phone", async () => {
    const day1 = await preview('day=1');
    expect(day1).toMatchObject({
      day: 1,
      enrollment: 'rolling',
      sendAt: null,
      timeZone: 'America/New_York',
      total: 2,
      flagged: 1,
    });
    // Not Fin (finished), Cy (ended), Eli (his phone gets the day through Ada), Dot (not enrolled).
    expect(ids(day1)).toEqual([contact.ada, contact.ben]);
    const [ada, ben] = day1.recipients as [ApiPreviewRecipient, ApiPreviewRecipient];
    // Ada's day 1 is planned: her outbox row, due on her day 0 + 1.
    expect(ada).toMatchObject({
      startDate: '2026-03-04',
      planned: true,
      status: 'queued',
      body: 'Day 1, Ada: 2 to go.',
      sendAt: nineAm('2026-03-05').toISOString(),
      heldUntil: null,
    });
    // Ben's is to come on 03-06, at 6:00 where his number is: held until 8:00 there.
    expect(ben).toMatchObject({
      startDate: '2026-03-05',
      planned: false,
      status: null,
      body: 'Day 1, : 2 to go.',
      sendAt: nineAm('2026-03-06').toISOString(),
      heldUntil: { until: '2026-03-06T16:00:00.000Z', timeZone: 'America/Los_Angeles' },
      emptyFields: ['first_name'],
    });
  });

  it('keeps 9:00 on each calendar across the clock change', async () => {
    const conclusion = await preview('day=3');
    expect(
      conclusion.recipients.map((r) => [r.contactId, r.startDate, r.sendAt, r.heldUntil]),
    ).toEqual([
      [contact.ada, '2026-03-04', nineAm('2026-03-07').toISOString(), null],
      [
        contact.ben,
        '2026-03-05',
        nineAm('2026-03-08').toISOString(),
        // 8:00 in Los Angeles, on daylight time too from that Sunday.
        { until: '2026-03-08T15:00:00.000Z', timeZone: 'America/Los_Angeles' },
      ],
    ]);
    expect(conclusion.recipients[0]!.body).toBe('Day 3, Ada: 0 to go.');
  });

  it('pages and filters the flagged on the server, as for a cohort program', async () => {
    const second = await preview('day=2&page=2&perPage=1');
    expect(second).toMatchObject({ total: 2, flagged: 1 });
    expect(ids(second)).toEqual([contact.ben]);
    const flagged = await preview('day=2&flagged=true');
    expect(ids(flagged)).toEqual([contact.ben]);
    // Day 0, planned for both: their own rows, at their own days 0.
    const day0 = await preview('day=0');
    expect(day0.recipients.map((r) => [r.contactId, r.planned, r.sendAt])).toEqual([
      [contact.ada, true, nineAm('2026-03-04').toISOString()],
      [contact.ben, true, nineAm('2026-03-05').toISOString()],
    ]);
  });
});
