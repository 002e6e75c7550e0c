/**
 * `npm run bench:plan`: how long the planner takes to turn a running program's day into 100,000
 * outbox rows (one per eligible participant, each with its history event, its own text with their
 * first name and the day filled in, and its own short link for the day's tracked link), and how
 * long a tick
 * takes once the day is planned and nothing changed: during the day's delivery window (when the
 * planner still looks for newly eligible recipients) and after it. Runs on the embedded database,
 * then on PostgreSQL, each a scratch database of its own (scripts/bench-database.ts: which server,
 * BENCH_ONLY).
 * Prints figures; never fails on a slow machine. The target: 100,000 rows in under 10 s.
 */
import { count, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import {
  productMessages,
  products,
  programPods,
  programs,
  pods,
  shortLinks,
} from '../src/server/db/schema';
import { createPlanner } from '../src/server/delivery/planner';
import { loadConfig } from '../src/server/env';
import { prepareDatabase } from '../src/server/startup';
import { DELIVERY_DEFAULTS } from '../src/shared/delivery';
import { benchAdmin, ms, number } from './bench/common';
import { onEachDatabase } from './bench-database';

/** BENCH_PARTICIPANTS=10000 for a quicker run. */
const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS || 100_000);
const ADMIN = benchAdmin('plan');
/** Day 0 of the program goes out at 9:00 New York time (14:00 UTC) on this date. */
const START_DATE = '2026-03-06';
const DAY0_SEND_AT = Date.parse('2026-03-06T14:00:00Z');

/**
 * A 30-day program in two pods holding 100,000 verified participants (every 10th in both pods,
 * so they count once), plus 1,000 contacts who are not recipients (not opted in).
 */
async function seed(database: Database) {
  const { db } = database;
  const before = new Date(DAY0_SEND_AT - 7 * 86_400_000).toISOString();
  await db.execute(sql`
    insert into users (email, role, status, first_name, last_name, phone, sms_verified, created_at)
    select 'plan' || g || '@example.com', 'participant', 'active', 'Plan', 'Person' || g,
      '+1503' || lpad(g::text, 7, '0'), g <= ${PARTICIPANTS}, ${before}::timestamptz
    from generate_series(1, ${PARTICIPANTS + 1_000}) as g`);
  const [product] = await db.insert(products).values({ name: 'Bench', days: 30 }).returning();
  await db.insert(productMessages).values(
    Array.from({ length: 32 }, (_, day) => ({
      productId: product!.id,
      day,
      text: `Day {day}: a moment of calm, {first_name|friend}, with today's practice.`,
      links: [{ url: 'https://example.org/practice/calm', label: 'Practice', tracked: true }],
    })),
  );
  const podRows = await db
    .insert(pods)
    .values([
      { podId: 'POD-PLAN-A', podName: 'Plan A' },
      { podId: 'POD-PLAN-B', podName: 'Plan B' },
    ])
    .returning();
  const [podA, podB] = podRows.map((p) => p.id) as [string, string];
  await db.execute(sql`
    insert into pod_members (pod_id, user_id, joined_at)
    select case when u.n % 2 = 0 then ${podA}::uuid else ${podB}::uuid end, u.id, ${before}::timestamptz
    from (select id, row_number() over (order by email) as n from users where first_name = 'Plan') u
    union all
    select ${podA}::uuid, u.id, ${before}::timestamptz
    from (select id, row_number() over (order by email) as n from users where first_name = 'Plan') u
    where u.n % 10 = 1`);
  const [program] = await db
    .insert(programs)
    .values({
      programName: 'Bench program',
      productId: product!.id,
      timeZone: 'America/New_York',
      startDate: START_DATE,
      sendTime: '09:00',
      createdAt: new Date(before),
      updatedAt: new Date(before),
    })
    .returning();
  await db.insert(programPods).values([
    { programId: program!.id, podId: podA },
    { programId: program!.id, podId: podB },
  ]);
  // Fresh statistics, as the server has after its start (PGlite has no autovacuum).
  await db.execute(sql`analyze`);
}

/**
 * The wall-clock time of `work`, and this process's CPU time meanwhile: on PGlite the database
 * runs in this process, so the CPU time is the cost without the waits of a busy machine.
 */
async function timed<T>(work: () => Promise<T>): Promise<[T, number, number]> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const { user, system } = process.cpuUsage(cpu);
  return [result, performance.now() - started, (user + system) / 1000];
}

async function measure(label: string, database: Database) {
  const prepared = performance.now();
  await seed(database);
  console.log(
    `${label}: seeded ${number(PARTICIPANTS)} participants in ${ms(performance.now() - prepared)}.`,
  );
  let clock = new Date(DAY0_SEND_AT - 60_000);
  const planner = createPlanner({
    db: database.db,
    publicUrl: 'https://tidings.example.org',
    shortLinkBase: 'https://tid.gs/l',
    cutoffMs: DELIVERY_DEFAULTS.cutoffMs,
    now: () => clock,
  });
  const [first, firstMs, firstCpu] = await timed(() => planner.planOnce());
  const rate = first.planned / (firstMs / 1000);
  const [links] = await database.db.select({ count: count() }).from(shortLinks);
  console.log(
    `${label}: planned ${number(first.planned)} rows and ${number(links!.count)} short links in ${ms(firstMs)} (${number(Math.round(rate))} rows/s; CPU of this process ${ms(firstCpu)})`,
  );
  const [second, secondMs] = await timed(() => planner.planOnce());
  console.log(
    `${label}: second tick, nothing changed, within the day's window: ${ms(secondMs)} (planned ${second.planned})`,
  );
  clock = new Date(DAY0_SEND_AT + DELIVERY_DEFAULTS.cutoffMs + 60_000);
  const [third, thirdMs] = await timed(() => planner.planOnce());
  console.log(
    `${label}: a tick after the day's cutoff, nothing to do: ${ms(thirdMs)} (planned ${third.planned})`,
  );
  const rolling = await measureRolling(label, database);
  return { firstMs, rows: first.planned, rolling };
}

/** Day 0 of the rolling program's first participants; they joined over the 30 days from then. */
const ROLLING_START = '2026-03-20';
const ROLLING_COHORTS = 30;
/** 9:00 in New York on the day after the last group's day 0: each group has a day due. */
const ROLLING_DAY_AT = Date.parse('2026-04-19T13:00:00Z');

/**
 * A rolling program on the same pods whose 100,000 participants joined over 30 days (one group
 * per day 0, each planned up to yesterday): a tick at today's send time enrolls nobody new, ends
 * nobody, and plans today's day for every group, 100,000 rows with fields and short links.
 */
async function measureRolling(label: string, database: Database) {
  const { db } = database;
  const [cohort] = await db.select().from(programs);
  const before = new Date(Date.parse(ROLLING_START) - 86_400_000);
  const [program] = await db
    .insert(programs)
    .values({
      programName: 'Bench rolling',
      productId: cohort!.productId,
      timeZone: 'America/New_York',
      startDate: ROLLING_START,
      sendTime: '09:00',
      enrollment: 'rolling',
      createdAt: before,
      updatedAt: before,
    })
    .returning();
  const programId = program!.id;
  await db.execute(sql`
    insert into program_pods (program_id, pod_id)
    select ${programId}::uuid, pod_id from program_pods where program_id = ${cohort!.id}::uuid`);
  await db.execute(sql`
    insert into program_enrollments (program_id, contact_id, enrolled_at, start_date)
    select ${programId}::uuid, id, ${before.toISOString()}::timestamptz,
      ${ROLLING_START}::date + (row_number() over (order by id))::int % ${ROLLING_COHORTS}
    from users where first_name = 'Plan' and sms_verified`);
  await db.execute(sql`
    insert into enrollment_plans (program_id, start_date, planned_day, planned_at)
    select ${programId}::uuid, start_date, ('2026-04-18'::date - start_date), now()
    from program_enrollments where program_id = ${programId}::uuid group by start_date`);
  await db.execute(sql`analyze`);
  const planner = createPlanner({
    db,
    publicUrl: 'https://tidings.example.org',
    shortLinkBase: 'https://tid.gs/l',
    cutoffMs: DELIVERY_DEFAULTS.cutoffMs,
    now: () => new Date(ROLLING_DAY_AT - 60_000),
  });
  const [result, elapsed, cpu] = await timed(() => planner.planOnce());
  console.log(
    `${label}: rolling program, ${ROLLING_COHORTS} groups by day 0: planned ${number(result.planned)} rows in ${ms(elapsed)} (CPU of this process ${ms(cpu)})`,
  );
  return { ms: elapsed, rows: result.planned };
}

try {
  const results = await onEachDatabase('plan', async (scratch) => {
    const { database } = await prepareDatabase(loadConfig({ ...scratch.env, ...ADMIN }));
    try {
      return await measure(scratch.label, database);
    } finally {
      await database.close();
    }
  });
  for (const result of results) {
    for (const rows of [result.rows, result.rolling.rows]) {
      if (rows !== PARTICIPANTS) {
        throw new Error(`expected ${number(PARTICIPANTS)} rows, planned ${number(rows)}`);
      }
    }
  }
  console.log(
    `\nTarget: ${number(PARTICIPANTS)} rows planned in under 10 s on PostgreSQL, 20 s on the embedded database.`,
  );
} catch (error) {
  console.error(`bench:plan failed: ${(error as Error).message}`);
  process.exit(1);
}
