import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  podMembers,
  pods,
  productMessages,
  products,
  programPods,
  programs,
} from '../../src/server/db/schema';
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { createPlanner } from '../../src/server/delivery/planner';
import { createTwilioProvider } from '../../src/server/delivery/twilio-provider';
import { seedDemo } from '../../src/server/demo/seed';
import { addDays, sendTimeOfDay, wallClock, type ProgramSchedule } from '../../src/shared/schedule';
import {
  FAKE_TWILIO,
  FAKE_TWILIO_ENV,
  startFakeTwilio,
  type FakeTwilioServer,
} from '../helpers/fake-twilio';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';
import { storedRows } from './helpers/landed';
import { foldContactCount } from '../../src/server/services/contact-count';
import { deleteEmptyCounts, foldMessageCounts } from '../../src/server/services/message-counts';
import { signedReply } from './helpers/sms';

/**
 * `npm run seed:demo` beside real data: two participants made by hand with numbers the demo also
 * uses (555-01xx, reserved for fiction, so anyone testing picks them too), one who replied JOIN
 * and one who replied 'stop please', in a real program that is sending. The demo must write
 * nothing about them or their program, and `--remove` must leave every real row as it was.
 */

const PUBLIC_URL = 'https://tidings.example.org';
const CUTOFF_MS = 4 * 60 * 60 * 1000;
/** The numbers of the demo's first two participants (demo/seed.ts: 503 and 916, suffix 10). */
const PAUL_PHONE = '+15035550110';
const RITA_PHONE = '+19165550110';

let ctx: TestContext;
let fake: FakeTwilioServer;
let staff: Record<string, string>;
const real: { paul: string; rita: string; program: string } = { paul: '', rita: '', program: '' };

const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: staff });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
};

/** What staff see of the real people and their program. */
async function whatStaffSee() {
  const today = wallClock(new Date(), 'America/Los_Angeles').date;
  const range = `from=${addDays(today, -30)}&to=${today}`;
  return {
    paul: await get(`/api/contacts/${real.paul}`),
    paulConsent: await get(`/api/contacts/${real.paul}/consent`),
    paulConversation: await get(`/api/contacts/${real.paul}/conversation`),
    rita: await get(`/api/contacts/${real.rita}`),
    ritaConsent: await get(`/api/contacts/${real.rita}/consent`),
    ritaConversation: await get(`/api/contacts/${real.rita}/conversation`),
    deliveries: await get(`/api/programs/${real.program}/deliveries`),
    analytics: await get(`/api/analytics?${range}&programId=${real.program}`),
  };
}

/**
 * Every table's rows, as stored, but for the `demo` mark (rows made before it have it unset).
 * Sessions are the test's own sign-in, seen at each request.
 */
/**
 * Every row of every table; the outbox's counts and the contact count as their sums (folded, zeros
 * dropped: what a reader sees), since adding and removing the demo writes changes that cancel out.
 */
async function everyRow() {
  await foldMessageCounts(ctx.db);
  await deleteEmptyCounts(ctx.db);
  await foldContactCount(ctx.db);
  const tables = (await ctx.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
  )) as unknown as { rows: { tablename: string }[] };
  const rows: Record<string, unknown[]> = {};
  for (const { tablename } of tables.rows) {
    rows[tablename] = (await storedRows(ctx.db, tablename)).map(({ demo: _demo, ...row }) =>
      tablename === 'sessions' ? { ...row, last_seen_at: null } : row,
    );
  }
  return rows;
}

beforeAll(async () => {
  fake = await startFakeTwilio();
  ctx = await startTestApp({
    ...FAKE_TWILIO_ENV,
    TWILIO_API_URL: fake.url,
    DISPATCHER: 'off',
    PUBLIC_URL,
  });
  const admin = await createUser(ctx.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  staff = bearer(await loginAs(ctx.app, admin.user.email, admin.password!));
  const create = async (firstName: string, phone: string, smsVerified: boolean) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: staff,
      payload: {
        email: `${firstName.toLowerCase()}@example.org`,
        role: 'participant',
        status: 'active',
        firstName,
        lastName: 'Real',
        phone,
        smsVerified,
        sendOptinMessage: false,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { contact: { id: string } }).contact.id;
  };
  real.paul = await create('Paul', PAUL_PHONE, false);
  real.rita = await create('Rita', RITA_PHONE, true);
  for (const [from, body] of [
    [PAUL_PHONE, 'JOIN'],
    [RITA_PHONE, 'stop please'],
  ] as const) {
    const response = await signedReply(ctx.app, PUBLIC_URL, from, body);
    expect(response.statusCode, response.body).toBe(200);
  }

  // A real program that started two days before its day 2, sent to Paul at the next 14:00 in New
  // York (11:00 where his Oregon number is: inside every send window, whatever the hour the test
  // runs at), after his JOIN, which is what lets the planner choose him. The program is made
  // before that time, so the day is one it sends.
  const newYork = wallClock(new Date(Date.now() + 5 * 60_000), 'America/New_York');
  const dueDate = newYork.time < '14:00' ? newYork.date : addDays(newYork.date, 1);
  const schedule: ProgramSchedule = {
    startDate: addDays(dueDate, -2),
    sendTime: '14:00',
    timeZone: 'America/New_York',
    days: 5,
  };
  const [product] = await ctx.db.insert(products).values({ name: 'Real', days: 5 }).returning();
  await ctx.db
    .insert(productMessages)
    .values(
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({ productId: product!.id, day, text: `Day ${day}` })),
    );
  const [pod] = await ctx.db
    .insert(pods)
    .values({ podId: 'POD-REAL', podName: 'Real' })
    .returning();
  await ctx.db.insert(podMembers).values([
    { podId: pod!.id, userId: real.paul, joinedAt: new Date('2000-01-01T00:00:00Z') },
    { podId: pod!.id, userId: real.rita, joinedAt: new Date('2000-01-01T00:00:00Z') },
  ]);
  const [program] = await ctx.db
    .insert(programs)
    .values({
      programName: 'Real program',
      productId: product!.id,
      startDate: schedule.startDate,
      sendTime: schedule.sendTime,
      timeZone: 'America/New_York',
    })
    .returning();
  real.program = program!.id;
  await ctx.db.insert(programPods).values({ programId: program!.id, podId: pod!.id });
  const { sendAt } = sendTimeOfDay(schedule, 2);
  let clock = new Date(sendAt.getTime() - 60_000);
  const now = () => clock;
  await createPlanner({ db: ctx.db, publicUrl: PUBLIC_URL, cutoffMs: CUTOFF_MS, now }).planOnce();
  clock = new Date(sendAt.getTime() + 1_000);
  await createDispatcher({
    db: ctx.db,
    provider: createTwilioProvider(
      { ...FAKE_TWILIO, messagingServiceSid: undefined, apiUrl: fake.url },
      PUBLIC_URL,
    ),
    mps: 0,
    cutoffMs: CUTOFF_MS,
    log: Fastify().log,
    now,
  }).runOnce();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

interface DayCount {
  count_date: string;
  figure: string;
  count: number;
}

/** Day counts summed by day and figure. */
const byDay = (rows: DayCount[]) => {
  const sums: Record<string, number> = {};
  for (const { count_date, figure, count } of rows) {
    sums[`${count_date} ${figure}`] = (sums[`${count_date} ${figure}`] ?? 0) + count;
  }
  return sums;
};

describe('the demo data beside real contacts and programs', () => {
  let before: Awaited<ReturnType<typeof whatStaffSee>>;
  let rowsBefore: Record<string, unknown[]>;

  it('writes nothing about real people or their program: consent, conversations, Deliveries, Analytics', async () => {
    before = await whatStaffSee();
    rowsBefore = await everyRow();
    expect(fake.messages.map((m) => m.to)).toContain(PAUL_PHONE);

    await seedDemo(ctx.db);

    const after = await whatStaffSee();
    expect(after.paulConsent, "Paul's consent history").toEqual(before.paulConsent);
    expect(after.paul, "Paul's contact").toEqual(before.paul);
    expect(after.paulConversation, "Paul's conversation").toEqual(before.paulConversation);
    expect(after.ritaConsent, "Rita's consent history").toEqual(before.ritaConsent);
    expect(after.rita, "Rita's contact").toEqual(before.rita);
    expect(after.ritaConversation, "Rita's conversation").toEqual(before.ritaConversation);
    expect(after.deliveries, "the real program's Deliveries").toEqual(before.deliveries);
    expect(after.analytics, "the real program's Analytics").toEqual(before.analytics);
    // Every row that was there is still there, unchanged; but for the count of every contact,
    // which counts the demo's contacts too.
    const rowsAfter = await everyRow();
    const counted = (rows: Record<string, unknown[]>) =>
      (rows.contact_count as { contacts: number }[]).reduce((sum, row) => sum + row.contacts, 0);
    const demoContacts = (await ctx.db.execute(
      sql`select count(*)::int as n from users where demo`,
    )) as unknown as { rows: { n: number }[] };
    expect(demoContacts.rows[0]!.n).toBeGreaterThan(0);
    expect(counted(rowsAfter)).toBe(counted(rowsBefore) + demoContacts.rows[0]!.n);
    // Everyone's opt-ins, opt-outs and replies by day count the demo's too, on the days of the
    // demo's past (today's among them, once the demo's morning messages have had their replies).
    const demoDays = (await ctx.db.execute(sql`
      select reply_count_date(received_at)::text as count_date, 'replies' as figure,
        count(*)::int as count
      from inbound_messages where demo group by 1
      union all
      select reply_count_date(at)::text, event, count(*)::int from consent_events
      where demo and event in ('opted_in', 'opted_out') group by 1, 2`)) as unknown as {
      rows: DayCount[];
    };
    expect(byDay(rowsAfter.day_counts as DayCount[])).toEqual(
      byDay([...(rowsBefore.day_counts as DayCount[]), ...demoDays.rows]),
    );
    for (const [table, rows] of Object.entries(rowsBefore)) {
      if (table === 'contact_count' || table === 'day_counts') continue;
      const now = new Set(rowsAfter[table]!.map((row) => JSON.stringify(row)));
      const changed = rows.filter((row) => !now.has(JSON.stringify(row)));
      expect({ table, changed }).toEqual({ table, changed: [] });
    }
  });

  it('is taken away whole by --remove, leaving every real row as it was', async () => {
    const { removeDemo } = await import('../../src/server/demo/removal');
    expect(await removeDemo(ctx.db)).toBeGreaterThan(1000);

    const rowsAfter = await everyRow();
    expect(rowsAfter).toEqual(rowsBefore);
    const marked = (await ctx.db.execute(sql`select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'demo'`)) as unknown as {
      rows: { table_name: string }[];
    };
    expect(marked.rows.length).toBeGreaterThan(10);
    for (const { table_name: table } of marked.rows) {
      const left = (await ctx.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where demo`,
      )) as unknown as { rows: { n: number }[] };
      expect({ table, left: left.rows[0]!.n }).toEqual({ table, left: 0 });
    }
    expect(await whatStaffSee()).toEqual(before);
    // Nothing stays behind that says the demo is in: it can be loaded again.
    expect((await seedDemo(ctx.db)).skipped).toBe(false);
    expect(await removeDemo(ctx.db)).toBeGreaterThan(1000);
    expect(await everyRow()).toEqual(rowsAfter);
  });

  it('keeps the consent log append-only for every row but the demo’s, which only --remove deletes', async () => {
    const { removeDemo } = await import('../../src/server/demo/removal');
    await seedDemo(ctx.db);
    const held = await everyRow();
    for (const statement of [
      sql`delete from consent_events where contact_id = ${real.rita}`,
      sql`update consent_events set text = 'changed' where contact_id = ${real.paul}`,
      sql`update consent_events set demo = true where contact_id = ${real.paul}`,
      sql`update consent_events set text = 'changed' where demo`,
      sql`delete from consent_events`,
    ]) {
      const error = await refusal(ctx.db.execute(statement));
      expect(error.message).toMatch(/append-only/);
    }
    expect(await everyRow()).toEqual(held);
    expect(await removeDemo(ctx.db)).toBeGreaterThan(1000);
    expect(await everyRow()).toEqual(rowsBefore);
  });

  it('refuses to remove, and removes nothing, while a real row refers to a demo row', async () => {
    const { removeDemo } = await import('../../src/server/demo/removal');
    await seedDemo(ctx.db);
    const [demoContact] = (
      (await ctx.db.execute(
        sql`select id from users where demo and role = 'participant' limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const [realPod] = await ctx.db
      .select({ id: pods.id })
      .from(pods)
      .where(sql`not demo`);
    await ctx.db.insert(podMembers).values({ podId: realPod!.id, userId: demoContact!.id });
    const held = await everyRow();

    await expect(removeDemo(ctx.db)).rejects.toThrow(
      'rows added since refer to the demo data (1 in pod_members.user_id); nothing was removed.',
    );
    expect(await everyRow()).toEqual(held);
  });
});

/** The database's own error behind a refused statement. */
async function refusal(statement: Promise<unknown>) {
  let error: unknown;
  try {
    await statement;
  } catch (caught) {
    error = caught;
  }
  expect(error, 'the statement was not refused').toBeDefined();
  let cause = error as { code?: string; message?: string; cause?: unknown };
  while (!cause.code && cause.cause) cause = cause.cause as typeof cause;
  return cause;
}
