import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, products } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import type { Program } from '../../src/shared/responses/programs';
import { addDays } from '../../src/shared/schedule';
import { createUser, startSignedInApp } from './helpers/app';

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let walks: { id: string }; // 7 days
let sleep: { id: string }; // 30 days
let podA: string;
let podB: string;

const t = messages.programs;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await startSignedInApp();
  const made = await ctx.db
    .insert(products)
    .values([
      { name: 'Morning Walks', days: 7 },
      { name: 'Sleep Reset', days: 30 },
    ])
    .returning({ id: products.id });
  [walks, sleep] = made as [{ id: string }, { id: string }];
  const { user } = await createUser(ctx.db, { role: 'participant' });
  const pod = async (podId: string, podName: string) => {
    const response = await call('POST', '/api/pods', {
      podId,
      podName,
      members: [{ userId: user.id, role: 'participant' }],
    });
    return response.json().pod.id as string;
  };
  podA = await pod('POD-A', 'Alpha');
  podB = await pod('POD-B', 'Beta');
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: ctx.auth, payload: payload as object });

/** A payload as the program form sends it. */
const body = (overrides: Record<string, unknown> = {}) => ({
  programName: 'Spring Steps',
  productId: walks.id,
  timeframe: '7 days',
  offering: 'Standard',
  offeringType: '',
  timeZone: 'America/New_York',
  podIds: [podA],
  startDate: addDays(today(), 10),
  sendTime: '09:00',
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/programs', body(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('POST /api/programs', () => {
  it('creates a program with its product resolved and its pods linked', async () => {
    const program = await create();
    expect(program).toMatchObject({
      programName: 'Spring Steps',
      productId: walks.id,
      productName: 'Morning Walks',
      productDays: 7,
      timeframe: '7 days',
      offering: 'Standard',
      offeringType: '',
      timeZone: 'America/New_York',
      podIds: [podA],
      pods: [{ id: podA, podId: 'POD-A', podName: 'Alpha' }],
      sendTime: '09:00',
      status: 'scheduled',
      pausedAt: null,
    });
    expect(program._id).toBe(program.id);
    expect((await call('GET', `/api/programs/${program.id}`)).json()).toEqual(program);
  });

  it('accepts the product as an object with _id, as the spec’s client may send it', async () => {
    const program = await create({ productId: { _id: sleep.id } });
    expect(program).toMatchObject({ productDays: 30, timeframe: '30 days' });
  });

  it('is a draft without a product or a start date, and defaults the time zone and send time', async () => {
    const response = await call('POST', '/api/programs', { programName: 'Later' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'draft',
      productId: null,
      timeframe: null,
      startDate: null,
      timeZone: 'America/Los_Angeles',
      sendTime: '09:00',
      offering: 'Standard',
      podIds: [],
    });
  });

  it.each([
    [{ programName: '  ' }, 'programName', t.nameRequired],
    [{ offering: 'Nuanced', offeringType: ' ' }, 'offeringType', t.offeringTypeRequired],
    [{ sendTime: '07:59' }, 'sendTime', t.sendTimeOutsideWindow],
    [{ sendTime: '21:01' }, 'sendTime', t.sendTimeOutsideWindow],
    [{ sendTime: '9am' }, 'sendTime', t.sendTimeOutsideWindow],
    [{ startDate: '2027-02-30' }, 'startDate', t.startDateInvalid],
    [{ timeZone: 'Europe/Paris' }, 'timeZone', 'Choose one of the time zones offered'],
    [{ offering: 'Premium' }, 'offering', 'Offering must be Standard or Nuanced'],
  ])('refuses %j with the rule’s message', async (overrides, field, message) => {
    const response = await call('POST', '/api/programs', body(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, details: [{ field, message }] });
  });

  it('keeps the offering type of a Nuanced program only', async () => {
    const nuanced = await create({ offering: 'Nuanced', offeringType: ' Beginners ' });
    expect(nuanced.offeringType).toBe('Beginners');
    const standard = await create({ offering: 'Standard', offeringType: 'ignored' });
    expect(standard.offeringType).toBe('');
  });

  it('names an unknown product or unknown pods, and creates nothing', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    const before = (await call('GET', '/api/programs')).json().total;
    const product = await call('POST', '/api/programs', body({ productId: ghost }));
    expect(product.statusCode).toBe(400);
    expect(product.json().error).toBe(`This product does not exist: ${ghost}`);
    const podsResponse = await call('POST', '/api/programs', body({ podIds: [podA, ghost] }));
    expect(podsResponse.statusCode).toBe(400);
    expect(podsResponse.json().error).toBe(`These pods do not exist: ${ghost}`);
    expect((await call('GET', '/api/programs')).json().total).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/programs', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/programs/{id}', () => {
  it('replaces the fields and the pods', async () => {
    const program = await create();
    const response = await call(
      'PUT',
      `/api/programs/${program.id}`,
      body({
        programName: 'Spring Steps II',
        podIds: [podB],
        sendTime: '20:30',
        productId: sleep.id,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      programName: 'Spring Steps II',
      podIds: [podB],
      sendTime: '20:30',
      productDays: 30,
    });
  });

  it('answers 404 for an unknown or malformed id, and 400 for bad input', async () => {
    const missing = await call('PUT', '/api/programs/00000000-0000-4000-8000-000000000000', body());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(serverTexts.programs.notFound);
    expect((await call('GET', '/api/programs/nope')).statusCode).toBe(404);
    const program = await create();
    const bad = await call('PUT', `/api/programs/${program.id}`, body({ programName: '' }));
    expect(bad.statusCode).toBe(400);
  });
});

describe('status, pause and resume', () => {
  it('derives Scheduled, Running and Completed from the schedule and the clock', async () => {
    const scheduled = await create({ startDate: addDays(today(), 5) });
    expect(scheduled.status).toBe('scheduled');
    const running = await create({ startDate: addDays(today(), -2) });
    expect(running.status).toBe('running');
    const completed = await create({ startDate: addDays(today(), -30) });
    expect(completed.status).toBe('completed');
  });

  it('pauses a running program and resumes it; refuses what does not apply', async () => {
    const program = await create({ startDate: addDays(today(), -2) });
    const paused = await call('POST', `/api/programs/${program.id}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'paused' });
    expect(Date.parse(paused.json().pausedAt)).not.toBeNaN();
    const again = await call('POST', `/api/programs/${program.id}/pause`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(serverTexts.programs.cannotPause);

    const resumed = await call('POST', `/api/programs/${program.id}/resume`);
    expect(resumed.json()).toMatchObject({ status: 'running', pausedAt: null });
    const notPaused = await call('POST', `/api/programs/${program.id}/resume`);
    expect(notPaused.statusCode).toBe(409);
    expect(notPaused.json().error).toBe(serverTexts.programs.cannotResume);

    const draft = (await call('POST', '/api/programs', { programName: 'Draft' })).json();
    expect((await call('POST', `/api/programs/${draft.id}/pause`)).statusCode).toBe(409);
  });
});

describe('messages sent, from the outbox', () => {
  it('counts the program messages handed to the provider: sent or delivered, of this program', async () => {
    const running = await create({ startDate: addDays(today(), -2) });
    const other = await create({ startDate: addDays(today(), -2) });
    expect(running.messagesSent).toBe(0);
    const { user } = await createUser(ctx.db, { role: 'participant', phone: '+15035550100' });
    const row = (
      programId: string,
      day: number,
      status: (typeof outboundMessages.$inferInsert)['status'],
      kind: (typeof outboundMessages.$inferInsert)['kind'] = 'program',
    ) => ({
      kind,
      status,
      programId,
      day,
      contactId: user.id,
      toPhone: '+15035550100',
      body: 'Hi',
    });
    await ctx.db
      .insert(outboundMessages)
      .values([
        row(running.id, 0, 'sent'),
        row(running.id, 1, 'delivered'),
        row(running.id, 2, 'queued'),
        row(running.id, 3, 'sending'),
        row(running.id, 4, 'failed'),
        row(running.id, 5, 'expired'),
        row(other.id, 0, 'delivered'),
        row(running.id, 6, 'sent', 'test'),
      ]);
    expect((await call('GET', `/api/programs/${running.id}`)).json().messagesSent).toBe(2);
    expect((await call('GET', `/api/programs/${other.id}`)).json().messagesSent).toBe(1);
    const listed = (await call('GET', '/api/programs')).json().programs as {
      id: string;
      messagesSent: number;
    }[];
    expect(listed.find((p) => p.id === running.id)?.messagesSent).toBe(2);
    const updated = await call('PUT', `/api/programs/${running.id}`, body({ sendTime: '18:00' }));
    expect(updated.json().messagesSent).toBe(2);
  });

  it('names the days sent apart from the messages: day 0 to two participants is one day', async () => {
    const running = await create({ startDate: addDays(today(), -1) });
    expect(running.daysSent).toEqual([]);
    const phones = ['+15035550111', '+15035550112'];
    const people = await Promise.all(
      phones.map((phone) => createUser(ctx.db, { role: 'participant', phone })),
    );
    const row = (
      index: number,
      day: number,
      status: (typeof outboundMessages.$inferInsert)['status'],
    ) => ({
      kind: 'program' as const,
      status,
      programId: running.id,
      day,
      contactId: people[index]!.user.id,
      toPhone: phones[index]!,
      body: 'Hi',
    });
    await ctx.db
      .insert(outboundMessages)
      .values([
        row(0, 0, 'delivered'),
        row(1, 0, 'sent'),
        row(0, 1, 'queued'),
        row(1, 1, 'failed'),
      ]);
    const read = (await call('GET', `/api/programs/${running.id}`)).json();
    expect({ messagesSent: read.messagesSent, daysSent: read.daysSent }).toEqual({
      messagesSent: 2,
      daysSent: [0],
    });
    await ctx.db.insert(outboundMessages).values([row(0, 2, 'sent'), row(1, 2, 'undelivered')]);
    const listed = (await call('GET', '/api/programs')).json().programs as Program[];
    expect(listed.find((p) => p.id === running.id)).toMatchObject({
      messagesSent: 4,
      daysSent: [0, 2],
    });
    const updated = await call('PUT', `/api/programs/${running.id}`, body({ sendTime: '18:00' }));
    expect(updated.json().daysSent).toEqual([0, 2]);
  });
});

describe('GET /api/programs', () => {
  it('lists every program without paging parameters, as the spec’s client expects', async () => {
    const all = (await call('GET', '/api/programs')).json();
    expect(all.programs.length).toBe(all.total);
    expect(all.total).toBeGreaterThan(5);
  });

  it('pages, and sorts by timeframe (the product’s days) and by name', async () => {
    await create({ programName: 'Aardvark Days', productId: sleep.id });
    const byDays = (
      await call('GET', '/api/programs?page=1&perPage=3&sort=productDays&order=desc')
    ).json();
    expect(byDays.programs).toHaveLength(3);
    expect(byDays.programs[0].productDays).toBe(30);
    const byName = (
      await call('GET', '/api/programs?page=1&perPage=1&sort=programName&order=asc')
    ).json();
    expect(byName.programs[0].programName).toBe('Aardvark Days');
    expect((await call('GET', '/api/programs?sort=nope')).statusCode).toBe(400);
  });

  it('searches by name and filters by offering and by status, agreeing with each program', async () => {
    await create({ programName: 'Zen Nuanced', offering: 'Nuanced', offeringType: 'Calm' });
    const found = (await call('GET', '/api/programs?q=zen')).json();
    expect(found.programs.map((p: { programName: string }) => p.programName)).toEqual([
      'Zen Nuanced',
    ]);
    const nuanced = (await call('GET', '/api/programs?offering=Nuanced')).json();
    expect(nuanced.programs.every((p: { offering: string }) => p.offering === 'Nuanced')).toBe(
      true,
    );
    for (const status of ['draft', 'scheduled', 'running', 'completed', 'paused']) {
      const listed = (await call('GET', `/api/programs?status=${status}`)).json();
      expect(listed.programs.every((p: { status: string }) => p.status === status)).toBe(true);
    }
    const running = (await call('GET', '/api/programs?status=running')).json();
    expect(running.total).toBeGreaterThan(0);
  });
});
