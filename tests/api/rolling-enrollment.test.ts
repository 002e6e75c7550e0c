import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  podMembers,
  products,
  programEnrollments,
  programs,
  users,
} from '../../src/server/db/schema';
import { enrollmentList } from '../../src/server/services/enrollments';
import { setPaused } from '../../src/server/services/programs';
import { startSignedInApp } from './helpers/app';
import { BEFORE, DATES, leadOf, nineAm, rollingProgram } from './helpers/rolling';

/**
 * A rolling program: each participant's days from their own day 0, the first send time after they
 * joined. The program of helpers/rolling.ts: a 2-day product (day 0, days 1 and 2, the conclusion
 * on day 3) sent at 9:00 in New York from Friday 2026-03-06, across the clock change of 03-08.
 */

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
const rolling = rollingProgram(() => ctx.db);
const { tickAt, participant, join } = rolling;
let programId: string;

/** The days a contact was given, each with when it goes (UTC) and its text. */
const daysOf = async (contactId: string) =>
  (await rolling.daysOf(contactId)).map(({ day, at, body }) => ({ day, at, body }));

const NO_ID = '00000000-0000-4000-8000-000000000000';
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: ctx.auth });

beforeAll(async () => {
  ctx = await startSignedInApp();
});
afterAll(() => ctx.close());

beforeEach(async () => {
  await rolling.reset();
  programId = rolling.state.programId;
});

describe('rolling enrollment', () => {
  it('gives each participant day 0 to the conclusion from their own first send time, 9:00 across the clock change', async () => {
    const ada = await participant('Ada');
    const ben = await participant('Ben');
    await join(ada.id, BEFORE);
    for (const date of DATES) {
      // Ben joins on Saturday at noon, after that day's send time: his day 0 is Sunday.
      if (date === '2026-03-08') await join(ben.id, new Date('2026-03-07T17:00:00Z'));
      await tickAt(leadOf(date));
    }
    expect(await daysOf(ada.id)).toEqual(
      ['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'].map((date, day) => ({
        day,
        at: nineAm(date).toISOString(),
        body: `Day ${day}, Ada: ${day === 0 ? 'welcome' : 'walk'}.`,
      })),
    );
    expect(await daysOf(ben.id)).toEqual(
      ['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11'].map((date, day) => ({
        day,
        at: nineAm(date).toISOString(),
        body: `Day ${day}, Ben: ${day === 0 ? 'welcome' : 'walk'}.`,
      })),
    );
  });

  it('lists the enrollments: day 0, where each is, what comes next, and the counts', async () => {
    const ada = await participant('Ada');
    const ben = await participant('Ben');
    const cy = await participant('Cy');
    await join(ada.id, BEFORE);
    await join(cy.id, BEFORE);
    for (const date of DATES.slice(0, 3)) {
      if (date === '2026-03-08') await join(ben.id, new Date('2026-03-07T17:00:00Z'));
      if (date === '2026-03-07') {
        await ctx.db
          .update(podMembers)
          .set({ status: 'removed' })
          .where(eq(podMembers.userId, cy.id));
      }
      await tickAt(leadOf(date));
    }
    // Sunday 03-08 at noon: Ada is on her day 2, Ben on his day 0, Cy left on Saturday.
    const sunday = await enrollmentList(
      ctx.db,
      programId,
      { page: 1, perPage: 2 },
      new Date('2026-03-08T16:00:00Z'),
    );
    expect(sunday.summary).toEqual({ enrolled: 3, active: 2, finished: 0, ended: 1 });
    expect(sunday.total).toBe(3);
    expect(sunday.enrollments).toEqual([
      {
        contactId: ben.id,
        contactName: `Ben ${ben.lastName}`,
        enrolledAt: leadOf('2026-03-08').toISOString(),
        startDate: '2026-03-08',
        currentDay: 0,
        status: 'active',
        endedAt: null,
        run: 1,
        nextSendAt: nineAm('2026-03-09').toISOString(),
      },
      expect.objectContaining({ startDate: '2026-03-06', currentDay: 2 }),
    ]);
    const cyRow = (
      await enrollmentList(
        ctx.db,
        programId,
        { page: 2, perPage: 2 },
        new Date('2026-03-08T16:00:00Z'),
      )
    ).enrollments;
    expect(cyRow).toEqual([expect.objectContaining({ status: expect.any(String) })]);

    // Today, long after: both finished; Cy's enrollment ended when he left.
    const response = await get(`/api/programs/${programId}/enrollments`);
    expect(response.statusCode).toBe(200);
    expect(response.json().summary).toEqual({ enrolled: 3, active: 0, finished: 2, ended: 1 });
    const cyNow = response
      .json()
      .enrollments.find((row: { contactId: string }) => row.contactId === cy.id);
    expect(cyNow).toMatchObject({
      status: 'ended',
      endedAt: leadOf('2026-03-07').toISOString(),
      nextSendAt: null,
    });
    expect((await get(`/api/programs/${NO_ID}/enrollments`)).statusCode).toBe(404);

    // Ben's page: the program he is in, his day 0, and that he finished.
    const ofBen = await get(`/api/contacts/${ben.id}/enrollments`);
    expect(ofBen.statusCode).toBe(200);
    expect(ofBen.json().enrollments).toEqual([
      expect.objectContaining({
        programId,
        programName: 'Rolling Walks',
        startDate: '2026-03-08',
        currentDay: 3,
        lastDay: 3,
        status: 'finished',
        nextSendAt: null,
      }),
    ]);
    expect((await get(`/api/contacts/${NO_ID}/enrollments`)).statusCode).toBe(404);
  });

  it('takes enrollment and its end through the API, and refuses an end before the start or on a cohort program', async () => {
    const [product] = await ctx.db.select().from(products);
    const body = {
      programName: 'API rolling',
      productId: product!.id,
      startDate: '2026-12-01',
      sendTime: '09:00',
      timeZone: 'America/New_York',
      enrollment: 'rolling',
      enrollmentEndsOn: '2026-12-31',
    };
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/programs', payload, headers: ctx.auth });
    const created = await post(body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ enrollment: 'rolling', enrollmentEndsOn: '2026-12-31' });
    expect(
      (await post({ ...body, enrollment: undefined, enrollmentEndsOn: undefined })).json(),
    ).toMatchObject({
      enrollment: 'cohort',
      enrollmentEndsOn: null,
    });
    const early = await post({ ...body, enrollmentEndsOn: '2026-11-30' });
    expect(early.statusCode).toBe(400);
    expect(early.json().details).toEqual([
      expect.objectContaining({
        field: 'enrollmentEndsOn',
        message: 'Enrollment cannot end before the start date',
      }),
    ]);
    const cohort = await post({ ...body, enrollment: 'cohort' });
    expect(cohort.statusCode).toBe(400);
    expect(cohort.json().details[0].message).toBe('Only a rolling program has an enrollment end');
    expect((await post({ ...body, enrollment: 'weekly' })).statusCode).toBe(400);
  });

  it('enrolls someone who joins before the day 0 send time on that same day', async () => {
    const cy = await participant('Cy');
    await tickAt(leadOf('2026-03-06'));
    await join(cy.id, new Date('2026-03-07T13:00:00Z'));
    await tickAt(new Date('2026-03-07T13:30:00Z'));
    await tickAt(leadOf('2026-03-07'));
    expect((await daysOf(cy.id)).map((row) => [row.day, row.at])).toEqual([
      [0, nineAm('2026-03-07').toISOString()],
    ]);
  });

  it('ends the enrollment of someone who leaves, and does not start it again when they rejoin', async () => {
    const dee = await participant('Dee');
    await join(dee.id, BEFORE);
    await tickAt(leadOf('2026-03-06'));
    await tickAt(leadOf('2026-03-07'));
    await ctx.db.update(podMembers).set({ status: 'removed' }).where(eq(podMembers.userId, dee.id));
    await tickAt(leadOf('2026-03-08'));
    const [enrollment] = await ctx.db
      .select()
      .from(programEnrollments)
      .where(eq(programEnrollments.contactId, dee.id));
    expect(enrollment!.endedAt).toEqual(leadOf('2026-03-08'));
    await ctx.db.update(podMembers).set({ status: 'active' }).where(eq(podMembers.userId, dee.id));
    for (const date of DATES.slice(3)) await tickAt(leadOf(date));
    expect((await daysOf(dee.id)).map((row) => row.day)).toEqual([0, 1]);
  });

  it('ends the enrollment of someone who opts out; opting back in does not start it again', async () => {
    const eve = await participant('Eve');
    await join(eve.id, BEFORE);
    await tickAt(leadOf('2026-03-06'));
    await ctx.db
      .update(users)
      .set({ smsOptedOutAt: new Date('2026-03-06T20:00:00Z') })
      .where(eq(users.id, eve.id));
    await tickAt(leadOf('2026-03-07'));
    await ctx.db.update(users).set({ smsOptedOutAt: null }).where(eq(users.id, eve.id));
    for (const date of DATES.slice(2)) await tickAt(leadOf(date));
    expect((await daysOf(eve.id)).map((row) => row.day)).toEqual([0]);
  });

  it('enrolls nobody after the enrollment end date, and finishes those enrolled', async () => {
    await ctx.db
      .update(programs)
      .set({ enrollmentEndsOn: '2026-03-07' })
      .where(eq(programs.id, programId));
    const fay = await participant('Fay');
    const gus = await participant('Gus');
    await join(fay.id, new Date('2026-03-06T20:00:00Z'));
    await join(gus.id, new Date('2026-03-07T20:00:00Z'));
    for (const date of DATES) await tickAt(leadOf(date));
    expect((await daysOf(fay.id)).map((row) => row.day)).toEqual([0, 1, 2, 3]);
    expect(await daysOf(gus.id)).toEqual([]);
    const enrolled = await ctx.db
      .select()
      .from(programEnrollments)
      .where(eq(programEnrollments.programId, programId));
    expect(enrolled.map((row) => row.contactId)).toEqual([fay.id]);
  });

  it('skips the days that fell while the program was paused, and goes on after it resumes', async () => {
    const hal = await participant('Hal');
    await join(hal.id, BEFORE);
    await tickAt(leadOf('2026-03-06'));
    await setPaused(ctx.db, programId, true, new Date('2026-03-06T20:00:00Z'));
    await tickAt(leadOf('2026-03-07'));
    await setPaused(ctx.db, programId, false, new Date('2026-03-07T20:00:00Z'));
    for (const date of DATES.slice(2)) await tickAt(leadOf(date));
    expect((await daysOf(hal.id)).map((row) => row.day)).toEqual([0, 2, 3]);
  });
});
