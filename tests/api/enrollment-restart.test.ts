import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  outboundMessageEvents,
  outboundMessages,
  podMembers,
  programs,
  users,
} from '../../src/server/db/schema';
import { setPaused } from '../../src/server/services/programs';
import { bearer, createUser, loginAs, startSignedInApp } from './helpers/app';
import { BEFORE, leadOf, nineAm, rollingProgram } from './helpers/rolling';

/**
 * "Restart for this participant" (POST /api/programs/{id}/enrollments/{contactId}/restart): a
 * rolling participant's days from day 0 again, as a new run beside the old run's rows. The
 * program of helpers/rolling.ts: day 0 to the conclusion (day 3) at 9:00 in New York.
 */

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
const rolling = rollingProgram(() => ctx.db);
const { state, tickAt, participant, join, daysOf } = rolling;

const NO_ID = '00000000-0000-4000-8000-000000000000';

/** The route's clock (the engine's) set to `at`, as the planner's is by tickAt. */
function clockAt(at: Date) {
  ctx.app.config.engineClockOffsetMs = at.getTime() - Date.now();
}

async function restart(
  contactId: string,
  at: Date,
  headers: Record<string, string> = ctx.auth,
  programId = state.programId,
) {
  clockAt(at);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/programs/${programId}/enrollments/${contactId}/restart`,
    headers,
  });
}

const leave = (userId: string, status: 'active' | 'removed') =>
  ctx.db.update(podMembers).set({ status }).where(eq(podMembers.userId, userId));

/** What the dispatcher would have done by then: the rows of the days gone out, delivered. */
const deliverAll = () =>
  ctx.db
    .update(outboundMessages)
    .set({ status: 'delivered' })
    .where(eq(outboundMessages.status, 'queued'));

/** 15:00 in New York: past the day's 9:00 by more than the cutoff (4 hours). */
const afternoon = (date: string) => new Date(nineAm(date).getTime() + 6 * 60 * 60_000);

beforeAll(async () => {
  ctx = await startSignedInApp();
});
afterAll(() => ctx.close());
beforeEach(() => rolling.reset());

describe('restarting a rolling participant', () => {
  it('gives someone who left and came back day 0 again at the next send time, their old days kept', async () => {
    const dee = await participant('Dee');
    await join(dee.id, BEFORE);
    await tickAt(leadOf('2026-03-06'));
    await tickAt(leadOf('2026-03-07'));
    await deliverAll();
    await leave(dee.id, 'removed');
    await tickAt(leadOf('2026-03-08'));
    await leave(dee.id, 'active');

    // Sunday 15:00: today's send time is past by more than the cutoff, so day 0 is Monday's.
    const response = await restart(dee.id, afternoon('2026-03-08'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      programId: state.programId,
      contactId: dee.id,
      startDate: '2026-03-09',
      status: 'active',
      endedAt: null,
      run: 2,
      currentDay: null,
      nextSendAt: nineAm('2026-03-09').toISOString(),
    });

    for (const date of ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']) {
      await tickAt(leadOf(date));
    }
    const days = await daysOf(dee.id);
    // The first run's days stay as they went out.
    expect(days.filter((row) => row.run === 1)).toEqual([
      expect.objectContaining({ day: 0, status: 'delivered', body: 'Day 0, Dee: welcome.' }),
      expect.objectContaining({ day: 1, status: 'delivered', body: 'Day 1, Dee: walk.' }),
    ]);
    expect(days.filter((row) => row.run === 2)).toEqual(
      ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12'].map((date, day) => ({
        day,
        run: 2,
        at: nineAm(date).toISOString(),
        body: `Day ${day}, Dee: ${day === 0 ? 'welcome' : 'walk'}.`,
        status: 'queued',
      })),
    );

    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${dee.id}/enrollments`,
      headers: ctx.auth,
    });
    expect(page.json().enrollments).toEqual([
      expect.objectContaining({ run: 2, startDate: '2026-03-09', status: 'active' }),
    ]);
  });

  it('restarted twice the same day, plans day 0 once', async () => {
    const ada = await participant('Ada');
    await join(ada.id, BEFORE);
    await tickAt(leadOf('2026-03-06'));
    await tickAt(leadOf('2026-03-07'));
    await deliverAll();

    // Sunday 7:00, before the send time: day 0 is today.
    const early = new Date('2026-03-08T11:00:00Z');
    expect((await restart(ada.id, early)).json()).toMatchObject({
      run: 2,
      startDate: '2026-03-08',
    });
    expect((await restart(ada.id, new Date('2026-03-08T11:30:00Z'))).json()).toMatchObject({
      run: 2,
      startDate: '2026-03-08',
    });
    await tickAt(leadOf('2026-03-08'));
    // Once more after the day was planned: still the same run, nothing planned twice.
    const again = await restart(ada.id, new Date(leadOf('2026-03-08').getTime() + 60_000));
    expect(again.json()).toMatchObject({ run: 2, startDate: '2026-03-08' });
    await tickAt(new Date(nineAm('2026-03-08').getTime() + 60_000));

    const days = await daysOf(ada.id);
    expect(days.map((row) => [row.run, row.day, row.at])).toEqual([
      [1, 0, nineAm('2026-03-06').toISOString()],
      [1, 1, nineAm('2026-03-07').toISOString()],
      [2, 0, nineAm('2026-03-08').toISOString()],
    ]);
  });

  it('cancels a waiting day of the old run, and a day 0 whose time passed within the cutoff goes now', async () => {
    const bo = await participant('Bo');
    await join(bo.id, BEFORE);
    await tickAt(leadOf('2026-03-06'));
    await deliverAll();
    await tickAt(leadOf('2026-03-07'));
    // Saturday 10:00: day 1 still waits (the dispatcher has not sent it); 9:00 passed an hour ago.
    const tenAm = new Date('2026-03-07T15:00:00Z');
    const response = await restart(bo.id, tenAm);
    expect(response.json()).toMatchObject({ run: 2, startDate: '2026-03-07' });
    await tickAt(new Date(tenAm.getTime() + 60_000));

    const days = await daysOf(bo.id);
    expect(days.map((row) => [row.run, row.day, row.status])).toEqual([
      [1, 0, 'delivered'],
      [1, 1, 'canceled'],
      [2, 0, 'queued'],
    ]);
    const canceledRow = await ctx.db
      .select({
        errorMessage: outboundMessageEvents.errorMessage,
        source: outboundMessageEvents.source,
      })
      .from(outboundMessageEvents)
      .innerJoin(outboundMessages, eq(outboundMessages.id, outboundMessageEvents.messageId))
      .where(
        and(
          eq(outboundMessages.contactId, bo.id),
          eq(outboundMessages.run, 1),
          eq(outboundMessageEvents.status, 'canceled'),
        ),
      );
    expect(canceledRow).toEqual([
      {
        source: 'staff',
        errorMessage: "Staff restarted the participant's program: their days start again.",
      },
    ]);
    // Pausing still cancels what waits, the new run's day 0 too.
    await setPaused(ctx.db, state.programId, true, new Date(tenAm.getTime() + 120_000));
    expect((await daysOf(bo.id)).map((row) => row.status)).toEqual([
      'delivered',
      'canceled',
      'canceled',
    ]);
  });

  it("gives a phone each day once per run: the old run's rows do not hold back the new one", async () => {
    const phone = '+12125559999';
    const cy = await participant('Cy', phone);
    const di = await participant('Di', phone);
    await join(cy.id, BEFORE);
    await join(di.id, BEFORE);
    await tickAt(leadOf('2026-03-06'));
    await tickAt(leadOf('2026-03-07'));
    await deliverAll();
    for (const contact of [cy, di]) {
      expect((await restart(contact.id, afternoon('2026-03-07'))).statusCode).toBe(200);
    }
    await tickAt(leadOf('2026-03-08'));
    await tickAt(leadOf('2026-03-09'));

    const atPhone = await ctx.db
      .select({ day: outboundMessages.day, run: outboundMessages.run })
      .from(outboundMessages)
      .where(eq(outboundMessages.toPhone, phone))
      .orderBy(outboundMessages.run, outboundMessages.day);
    expect(atPhone).toEqual([
      { day: 0, run: 1 },
      { day: 1, run: 1 },
      { day: 0, run: 2 },
      { day: 1, run: 2 },
    ]);
  });

  it('offers the restart on the contact page: from when, or why not', async () => {
    const eve = await participant('Eve');
    const fay = await participant('Fay');
    await join(eve.id, BEFORE);
    await join(fay.id, BEFORE);
    await tickAt(leadOf('2026-03-06'));
    await leave(fay.id, 'removed');
    await tickAt(leadOf('2026-03-07'));
    clockAt(afternoon('2026-03-07'));
    const pageOf = async (id: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/contacts/${id}/enrollments`,
          headers: ctx.auth,
        })
      ).json().enrollments[0];
    expect(await pageOf(eve.id)).toMatchObject({
      run: 1,
      restartStartsAt: nineAm('2026-03-08').toISOString(),
      restartRefusal: null,
    });
    expect(await pageOf(fay.id)).toMatchObject({
      status: 'ended',
      restartStartsAt: null,
      restartRefusal: `Fay ${fay.lastName} is not an active member of an active pod of this program.`,
    });
  });
});

describe('refusing a restart', () => {
  const sunday = afternoon('2026-03-08');

  async function enrolled(name: string) {
    const contact = await participant(name);
    await join(contact.id, BEFORE);
    await tickAt(leadOf('2026-03-06'));
    return contact;
  }

  const refusal = async (contactId: string, at = sunday) => {
    const response = await restart(contactId, at);
    return { status: response.statusCode, body: response.json() };
  };

  it('answers 409 with why when the contact is not a recipient now', async () => {
    const gus = await enrolled('Gus');
    const name = `Gus ${gus.lastName}`;
    const setGus = (values: Partial<typeof users.$inferInsert>) =>
      ctx.db.update(users).set(values).where(eq(users.id, gus.id));

    await leave(gus.id, 'removed');
    expect(await refusal(gus.id)).toEqual({
      status: 409,
      body: { error: `${name} is not an active member of an active pod of this program.` },
    });
    await leave(gus.id, 'active');
    await setGus({ smsOptedOutAt: new Date('2026-03-07T12:00:00Z') });
    expect((await refusal(gus.id)).body.error).toBe(`${name} has opted out of text messages.`);
    await setGus({ smsOptedOutAt: null, smsVerified: false });
    expect((await refusal(gus.id)).body.error).toBe(
      `${name} has not opted in to text messages (replied JOIN).`,
    );
    await setGus({ smsVerified: true, status: 'inactive' });
    expect((await refusal(gus.id)).body.error).toBe(`${name} is inactive.`);
    // Nothing changed meanwhile.
    const [row] = (await daysOf(gus.id)).map((day) => day.run);
    expect(row).toBe(1);
  });

  it('answers 409 when the program is not rolling, paused, past its enrollment end or completed', async () => {
    const hal = await enrolled('Hal');
    const setProgram = (values: Partial<typeof programs.$inferInsert>) =>
      ctx.db.update(programs).set(values).where(eq(programs.id, state.programId));

    await setProgram({ enrollmentEndsOn: '2026-03-07' });
    expect(await refusal(hal.id)).toEqual({
      status: 409,
      body: {
        error:
          "This program's enrollment ended on 2026-03-07: a restart now would start on 2026-03-09, after it.",
      },
    });
    expect((await refusal(hal.id, new Date('2026-03-20T12:00:00Z'))).body.error).toBe(
      'This program is completed: it sends nothing more.',
    );
    await setProgram({ enrollmentEndsOn: null, pausedAt: sunday });
    expect((await refusal(hal.id)).body.error).toBe(
      'This program is paused: resume it before restarting a participant.',
    );
    await setProgram({ pausedAt: null, enrollment: 'cohort' });
    expect(await refusal(hal.id)).toEqual({
      status: 409,
      body: {
        error:
          'Only a rolling program restarts a participant: this one puts everyone on one calendar.',
      },
    });
  });

  it('answers 404 for an unknown program, a contact it never enrolled or a malformed id', async () => {
    const ivy = await enrolled('Ivy');
    const stranger = await participant('Jo');
    expect((await restart(ivy.id, sunday, ctx.auth, NO_ID)).json()).toEqual({
      error: 'Program not found',
    });
    for (const id of [stranger.id, NO_ID, 'not-a-uuid']) {
      const response = await restart(id, sunday);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'This contact has no enrollment in this program' });
    }
  });

  it('lets hosts and admins restart, as any change to a program, and nobody signed out', async () => {
    const kit = await enrolled('Kit');
    expect((await restart(kit.id, sunday, {})).statusCode).toBe(401);
    expect((await daysOf(kit.id)).every((row) => row.run === 1)).toBe(true);
    const { user, password } = await createUser(ctx.db, { role: 'admin' });
    const admin = bearer(await loginAs(ctx.app, user.email, password!));
    expect((await restart(kit.id, sunday, admin)).json()).toMatchObject({ run: 2 });
    // ctx.auth is a host's session.
    expect((await restart(kit.id, afternoon('2026-03-09'))).json()).toMatchObject({ run: 3 });
  });
});
