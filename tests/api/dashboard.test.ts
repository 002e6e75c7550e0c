import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, products, programs } from '../../src/server/db/schema';
import { DASHBOARD_LIST_SIZE } from '../../src/shared/dashboard';
import type { DashboardResponse } from '../../src/shared/responses/figures';
import type { ApiMessage } from '../../src/shared/responses/messages';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';

/**
 * The dashboard at a known instant: 2027-01-14 20:00 UTC, which is noon of 14 January in Los
 * Angeles (PST, UTC-8). Today there runs from 2027-01-14T08:00Z up to 2027-01-15T08:00Z. The
 * server's clock is the delivery engine's, moved here for the test.
 */
const NOW = new Date('2027-01-14T20:00:00Z');
const TODAY = {
  date: '2027-01-14',
  from: '2027-01-14T08:00:00.000Z',
  to: '2027-01-15T08:00:00.000Z',
};

let ctx: TestContext;
let auth: { authorization: string };
/** Message ids by name. */
const ids: Record<string, string> = {};

type Row = typeof outboundMessages.$inferInsert;
const at = (iso: string) => new Date(iso);

async function seed(name: string, row: Partial<Row>) {
  const [inserted] = await ctx.db
    .insert(outboundMessages)
    .values({ kind: 'program', toPhone: '+15035550100', body: `Body of ${name}`, ...row })
    .returning({ id: outboundMessages.id });
  ids[name] = inserted!.id;
}

const get = (url: string, headers: Record<string, string> = auth) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function readDashboard(): Promise<DashboardResponse> {
  const response = await get('/api/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardResponse;
}

beforeAll(async () => {
  ctx = await startTestApp({}, { config: { engineClockOffsetMs: NOW.getTime() - Date.now() } });
  const { user, password } = await createUser(ctx.db, { role: 'host' });
  auth = bearer(await loginAs(ctx.app, user.email, password!));
});
afterAll(() => ctx.close());

describe('GET /api/dashboard', () => {
  it('needs a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(401);
  });

  it('answers zeros and empty lists when nothing has happened yet', async () => {
    expect(await readDashboard()).toEqual({
      today: { ...TODAY, due: 0, sent: 0, failed: 0 },
      runningPrograms: { total: 0, programs: [] },
      recentFailures: [],
    });
  });
});

describe('GET /api/dashboard with an outbox and programs', () => {
  let walks: string;
  let ana: { id: string };

  beforeAll(async () => {
    const [week, short] = await ctx.db
      .insert(products)
      .values([
        { name: 'Morning Walks', days: 7 },
        { name: 'Short Series', days: 2 },
      ])
      .returning({ id: products.id });
    // Running at noon on 14 January in Los Angeles: started before it, conclusion still to come.
    // Seven of them, so the dashboard names the first five by name (case aside) and counts all.
    const running = ['Zebra Walks', 'alpha Sleep', 'Echo', 'Bravo', 'Foxtrot', 'Delta', 'Charlie'];
    const made = await ctx.db
      .insert(programs)
      .values([
        ...running.map((programName) => ({
          programName,
          productId: week!.id,
          startDate: '2027-01-10',
          sendTime: '09:00',
        })),
        // Day 0 went out this morning in New York (14:00 UTC): running.
        {
          programName: 'Early Riser',
          productId: short!.id,
          startDate: '2027-01-14',
          sendTime: '09:00',
          timeZone: 'America/New_York' as const,
        },
        // Not running: to come, over, paused, a draft.
        { programName: 'Later', productId: week!.id, startDate: '2027-02-01' },
        { programName: 'Over', productId: short!.id, startDate: '2027-01-01' },
        {
          programName: 'Held',
          productId: week!.id,
          startDate: '2027-01-10',
          pausedAt: at('2027-01-12T00:00:00Z'),
        },
        { programName: 'Sketch', productId: null, startDate: null },
        // Its pre-message goes out at 21:00 today in Los Angeles: still scheduled at noon.
        {
          programName: 'Tonight',
          productId: short!.id,
          startDate: '2027-01-14',
          sendTime: '21:00',
        },
      ])
      .returning({ id: programs.id, name: programs.programName });
    walks = made.find((p) => p.name === 'Zebra Walks')!.id;
    ana = (
      await createUser(ctx.db, {
        role: 'participant',
        firstName: 'Ana',
        lastName: 'Alvarez',
        phone: '+15035550101',
      })
    ).user;

    // Due: still to go, and due before the end of today (overdue ones included).
    await seed('overdue', { status: 'queued', sendAfter: at('2027-01-10T17:00:00Z') });
    await seed('dueTonight', { status: 'queued', sendAfter: at('2027-01-15T07:59:59Z') });
    await seed('dueTomorrow', { status: 'queued', sendAfter: at('2027-01-15T08:00:00Z') });
    await seed('sendingNow', { status: 'sending', sendAfter: at('2027-01-14T19:59:00Z') });
    await seed('lostInSending', { status: 'unknown', sendAfter: at('2027-01-14T17:00:00Z') });
    await seed('withdrawn', { status: 'canceled', sendAfter: at('2027-01-14T17:00:00Z') });

    // Sent: handed to the provider today in Los Angeles, whatever became of it since.
    const sent = (iso: string) => ({ sendAfter: at(iso), sentAt: at(iso), updatedAt: at(iso) });
    await seed('sentLastNight', { status: 'delivered', ...sent('2027-01-14T07:59:59Z') });
    await seed('sentAtMidnight', { status: 'delivered', ...sent('2027-01-14T08:00:00Z') });
    await seed('sentNotYetDelivered', { status: 'sent', ...sent('2027-01-14T18:00:00Z') });
    await seed('sentTomorrow', { status: 'delivered', ...sent('2027-01-15T08:00:00Z') });

    // Failures: ended failed or undelivered, today or earlier.
    await seed('undeliveredToday', {
      status: 'undelivered',
      programId: walks,
      contactId: ana.id,
      toPhone: '+15035550101',
      day: 4,
      sendAfter: at('2027-01-14T17:00:00Z'),
      sentAt: at('2027-01-14T17:00:01Z'),
      updatedAt: at('2027-01-14T17:05:00Z'),
      errorCode: '30003',
      errorMessage: 'Unreachable handset: the phone is off or out of coverage.',
    });
    await seed('failedAtMidnight', {
      kind: 'test',
      status: 'failed',
      toPhone: '+15035550199',
      sendAfter: at('2027-01-14T07:59:00Z'),
      updatedAt: at('2027-01-14T08:00:00Z'),
      errorCode: '21211',
      errorMessage: 'Invalid phone number.',
    });
    await seed('failedLastNight', {
      status: 'failed',
      sendAfter: at('2027-01-14T07:00:00Z'),
      updatedAt: at('2027-01-14T07:59:59Z'),
      errorMessage: 'The SMS provider could not be reached.',
    });
    for (const day of [1, 2, 3, 4]) {
      await seed(`failedJan${day}`, {
        status: 'failed',
        sendAfter: at(`2027-01-0${day}T17:00:00Z`),
        updatedAt: at(`2027-01-0${day}T17:00:01Z`),
      });
    }
    // Expired today: too late, not a failure.
    await seed('expiredToday', {
      status: 'expired',
      sendAfter: at('2027-01-14T09:00:00Z'),
      updatedAt: at('2027-01-14T13:00:00Z'),
    });
  });

  it("counts today's figures by Los Angeles' calendar day", async () => {
    const { today } = await readDashboard();
    expect(today).toEqual({
      ...TODAY,
      // overdue, dueTonight, sendingNow, lostInSending; not dueTomorrow or the canceled one.
      due: 4,
      // sentAtMidnight, sentNotYetDelivered and undeliveredToday; not 07:59:59Z (the 13th there)
      // or 08:00Z the next day (the 15th).
      sent: 3,
      // undeliveredToday and failedAtMidnight; not failedLastNight (07:59:59Z) or the expired one.
      failed: 2,
    });
  });

  it('names the first running programs by name and counts them all', async () => {
    const { runningPrograms } = await readDashboard();
    expect(runningPrograms.total).toBe(8);
    expect(runningPrograms.programs.map((p) => p.name)).toEqual([
      'alpha Sleep',
      'Bravo',
      'Charlie',
      'Delta',
      'Early Riser',
    ]);
    expect(runningPrograms.programs).toHaveLength(DASHBOARD_LIST_SIZE);
    expect(runningPrograms.programs[0]).toEqual({
      id: expect.any(String),
      name: 'alpha Sleep',
      productName: 'Morning Walks',
      startDate: '2027-01-10',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('lists the latest failures, newest first, five at most, with who, what and why', async () => {
    const { recentFailures } = await readDashboard();
    expect(recentFailures.map((f) => Object.keys(ids).find((name) => ids[name] === f.id))).toEqual([
      'undeliveredToday',
      'failedAtMidnight',
      'failedLastNight',
      'failedJan4',
      'failedJan3',
    ]);
    expect(recentFailures[0]).toEqual({
      id: ids.undeliveredToday,
      status: 'undelivered',
      kind: 'program',
      toPhone: '+15035550101',
      contactId: ana.id,
      contactName: 'Ana Alvarez',
      programId: walks,
      programName: 'Zebra Walks',
      day: 4,
      errorCode: '30003',
      errorMessage: 'Unreachable handset: the phone is off or out of coverage.',
      at: '2027-01-14T17:05:00.000Z',
    });
    expect(recentFailures[1]).toMatchObject({
      kind: 'test',
      toPhone: '+15035550199',
      contactId: null,
      contactName: null,
      programId: null,
      programName: null,
      errorCode: '21211',
      at: '2027-01-14T08:00:00.000Z',
    });
  });

  it('links each figure to outbox filters that list exactly the messages it counts', async () => {
    const { today } = await readDashboard();
    const list = async (query: string) => {
      const response = await get(`/api/messages?perPage=100&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const { messages: found, total } = response.json() as {
        messages: ApiMessage[];
        total: number;
      };
      return { total, names: found.map((m) => Object.keys(ids).find((n) => ids[n] === m.id)) };
    };
    const range = (name: string) =>
      `${name}From=${encodeURIComponent(today.from)}&${name}Before=${encodeURIComponent(today.to)}`;

    const due = await list(
      `status=queued,sending,unknown&dueBefore=${encodeURIComponent(today.to)}`,
    );
    expect(due.total).toBe(today.due);
    expect(due.names.sort()).toEqual(['dueTonight', 'lostInSending', 'overdue', 'sendingNow']);

    const sent = await list(range('sent'));
    expect(sent.total).toBe(today.sent);
    expect(sent.names.sort()).toEqual([
      'sentAtMidnight',
      'sentNotYetDelivered',
      'undeliveredToday',
    ]);

    const failed = await list(`status=failed,undelivered&${range('updated')}`);
    expect(failed.total).toBe(today.failed);
    expect(failed.names.sort()).toEqual(['failedAtMidnight', 'undeliveredToday']);
  });
});

describe('GET /api/messages time filters', () => {
  it('reads a date as the first instant of its UTC day, and refuses what is no time', async () => {
    const before = await get('/api/messages?perPage=100&sentBefore=2027-01-14');
    expect(before.statusCode).toBe(200);
    // Midnight UTC on the 14th: the earliest message was handed over at 07:59:59Z that day.
    expect(before.json().total).toBe(0);
    const from = await get('/api/messages?perPage=100&sentFrom=2027-01-15');
    expect(from.json().total).toBe(1);
    for (const name of ['sentFrom', 'sentBefore', 'dueBefore', 'updatedFrom', 'updatedBefore']) {
      const response = await get(`/api/messages?${name}=tomorrow`);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().details[0].field, name).toBe(name);
    }
  });
});
