/**
 * `npm run bench:scale`: a million-message day on PostgreSQL, as Tidings runs it past one machine.
 * 1,000,000 opted-in participants in 200 pods of one program; the planner plans the day (timed), then
 * BENCH_WORKERS (4) `npm run worker` processes send it to a fake Twilio in a process of its own that
 * takes 5 ms to answer, with pacing off; then, to 100,000 participants of a second program, again
 * with a sender limit (SMS_MPS=BENCH_LIMIT_MPS, 2,000). Prints the planning time; msg/s overall and
 * per worker (from the outbox's own hand-over times); duplicates and missing messages (at the fake:
 * both must be 0); the CPU each process took meanwhile, which says what limits the rate, and the
 * statements PostgreSQL was running; the fold of the first run's hand-overs (timed); the outbox's and its indexes' sizes; and, while the workers send, the contacts list's first page and
 * a search at 1,000,000 contacts through a real server (median and worst of 10). On a scratch
 * database of its own (scripts/bench-database.ts: which server, BENCH_KEEP).
 * BENCH_PARTICIPANTS=100000 for a quicker run; BENCH_PROFILE=<dir> for the workers' CPU profiles.
 * Prints figures; never fails on a slow machine, but fails on a duplicate or a missing message.
 * Targets: plan under 60 s; at least 3,000 msg/s with 4 workers; list under 50 ms, search under
 * 200 ms.
 *
 * The engine sends only in the send window (08:00 to 21:00) of the program's zone. The program's
 * zone is the US zone where it is now daytime; when it is night in every US zone, the planner here
 * and the workers run on a clock moved forward to 10:00 in New York (the engine's test clock,
 * TIDINGS_TEST_CLOCK_OFFSET_MS, so the workers run with NODE_ENV=test).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { rowsOf } from '../src/server/db/rows';
import { productMessages, products, programs } from '../src/server/db/schema';
import { createPlanner } from '../src/server/delivery/planner';
import { foldMessageCounts } from '../src/server/services/message-counts';
import { loadConfig } from '../src/server/env';
import { prepareDatabase } from '../src/server/startup';
import { TIME_ZONES, type TimeZone } from '../src/shared/constants';
import { DELIVERY_DEFAULTS } from '../src/shared/delivery';
import { wallClock } from '../src/shared/schedule';
import { FAKE_TWILIO_ENV } from '../tests/helpers/fake-twilio';
import { builtProgram, startServer } from '../tests/helpers/server';
import { apiToken, benchAdmin, medianAndWorst, ms, number, timeGet } from './bench/common';
import { sampleActivity } from './bench/postgres-activity';
import { onEachDatabase } from './bench-database';
import { ensureServerBuilt } from './build-server';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS || 1_000_000);
const PODS = 200;
const WORKERS = Number(process.env.BENCH_WORKERS || 4);
const LIMIT_MPS = Number(process.env.BENCH_LIMIT_MPS || 2_000);
/** The second program's people: the first pods holding a tenth of the participants. */
const LIMITED_PODS = PODS / 10;
const LATENCY_MS = 5;
const ADMIN = benchAdmin('scale');
const ROOT = path.resolve(import.meta.dirname, '..');
const HOUR_MS = 3_600_000;

/**
 * The zone to run the program in, and how far the engine's clock is moved: a US zone where it is
 * between 09:00 and 18:00 now, or New York at its next 10:00.
 */
function programClock(): { timeZone: TimeZone; offsetMs: number } {
  const now = new Date();
  for (const timeZone of TIME_ZONES) {
    const hour = Number(wallClock(now, timeZone).time.slice(0, 2));
    if (hour >= 9 && hour < 18) return { timeZone, offsetMs: 0 };
  }
  const hour = Number(wallClock(now, 'America/New_York').time.slice(0, 2));
  return { timeZone: 'America/New_York', offsetMs: (((10 - hour + 24) % 24) + 0.25) * HOUR_MS };
}

/** The CPU time (ms) a process has used so far, from /proc. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** The CPU time (ms) so far of each process of the PostgreSQL server here (its backends too). */
function postgresCpu(): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        found.set(Number(entry), cpuMs(Number(entry)));
      }
    } catch {
      // It ended meanwhile.
    }
  }
  return found;
}

/** The machine's CPU time so far, busy and in all (ms, every core), from /proc/stat. */
function machineCpu(): { busy: number; all: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
  const ticks = fields.map(Number);
  const idle = ticks[3]! + ticks[4]!;
  const all = ticks.reduce((sum, n) => sum + n, 0);
  return { busy: ((all - idle) * 1000) / 100, all: (all * 1000) / 100 };
}

/**
 * The CPU each part took while `work` ran: the fake, the workers, PostgreSQL, this process (the
 * contacts server is measured apart), and how busy the machine was; and the statements PostgreSQL
 * was most often running meanwhile (bench/postgres-activity.ts).
 */
async function cpuDuring<T>(
  database: Database,
  pids: { fake: number; workers: number[] },
  work: () => Promise<T>,
) {
  const activity = sampleActivity(database.db);
  const fake = cpuMs(pids.fake);
  const workers = pids.workers.map(cpuMs);
  const postgres = postgresCpu();
  const machine = machineCpu();
  const result = await work();
  const statements = activity.stop();
  const after = machineCpu();
  let postgresUsed = 0;
  for (const [pid, used] of postgresCpu()) postgresUsed += used - (postgres.get(pid) ?? 0);
  const share = (used: number) => `${((used / (after.all - machine.all)) * 100).toFixed(0)}%`;
  const workersUsed = pids.workers.reduce((sum, pid, i) => sum + cpuMs(pid) - workers[i]!, 0);
  return {
    result,
    cpu: [
      `machine busy ${share(after.busy - machine.busy)} of its CPU: PostgreSQL ${share(postgresUsed)}, the workers ${share(workersUsed)}, the fake Twilio ${share(cpuMs(pids.fake) - fake)}`,
      `PostgreSQL's statements running, by share of samples every 250 ms:`,
      ...statements.map((line) => `    ${line}`),
    ].join('\n'),
  };
}

/**
 * 1,000,000 verified participants with a JOIN on record, in 200 pods; a one-day product with a
 * personal field and a tracked link; a program on every pod whose day 0 goes out now.
 */
async function seed(database: Database, timeZone: TimeZone, now: Date) {
  const { db } = database;
  const before = new Date(now.getTime() - 7 * 24 * HOUR_MS);
  await db.execute(sql`
    insert into users (email, role, status, first_name, last_name, phone, sms_verified, created_at)
    select 'scale' || g || '@example.com', 'participant', 'active', 'Scale', 'Person' || g,
      '+1' || (201 + g / 10000000) || lpad((g % 10000000)::text, 7, '0'), true, ${before}
    from generate_series(1, ${PARTICIPANTS}) as g`);
  await db.execute(sql`
    insert into consent_events (contact_id, phone, event, source, keyword, text, at)
    select id, phone, 'opted_in', 'keyword', 'JOIN', 'JOIN', ${before}
    from users where first_name = 'Scale'`);
  await db.execute(sql`
    insert into pods (pod_id, pod_name)
    select 'POD-SCALE-' || g, 'Scale pod ' || lpad(g::text, 3, '0')
    from generate_series(1, ${PODS}) as g`);
  await db.execute(sql`
    insert into pod_members (pod_id, user_id, joined_at)
    select p.id, u.id, ${before}
    from (select id, row_number() over (order by email) % ${PODS} as n from users
          where first_name = 'Scale') u
    join (select id, row_number() over (order by pod_name) - 1 as n from pods
          where pod_name like 'Scale pod %') p on p.n = u.n`);
  const [product] = await db
    .insert(products)
    .values({ name: 'Scale', days: 1, createdAt: before, updatedAt: before })
    .returning();
  await db.insert(productMessages).values(
    [0, 1].map((day) => ({
      productId: product!.id,
      day,
      text: `Day {day}: a moment of calm, {first_name|friend}, with today's practice.`,
      links: [{ url: 'https://example.org/practice/calm', label: 'Practice', tracked: true }],
    })),
  );
  const sendTime = wallClock(new Date(now.getTime() - 2 * 60_000), timeZone);
  const program = async (name: string, pods: number) => {
    const [made] = await db
      .insert(programs)
      .values({
        programName: name,
        productId: product!.id,
        timeZone,
        startDate: sendTime.date,
        sendTime: sendTime.time,
        createdAt: before,
        updatedAt: before,
      })
      .returning();
    await db.execute(sql`
      insert into program_pods (program_id, pod_id)
      select ${made!.id}::uuid, id from pods where pod_name like 'Scale pod %'
      order by pod_name limit ${pods}`);
    return made!.id;
  };
  const unlimited = await program('Scale day', PODS);
  await db.execute(sql`analyze`);
  return { unlimited, limited: () => program('Scale day, paced', LIMITED_PODS) };
}

/** The messages the fake accepted since it was last asked (bench/fake-twilio-process.ts). */
interface Tally {
  messages: number;
  phones: number;
  senders: Record<string, { messages: number; first: number; last: number }>;
}

/** The fake Twilio, in a process of its own as the real one is. */
async function startFake() {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'bench/fake-twilio-process.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FAKE_TWILIO_LATENCY_MS: String(LATENCY_MS) },
  });
  const [{ url }] = (await once(child, 'message')) as [{ url: string }];
  const ask = async <T>(question: string, key: string): Promise<T> => {
    const answer = new Promise<T>((resolve) => {
      const listen = (message: Record<string, unknown>) => {
        if (key in message) {
          child.off('message', listen);
          resolve(message[key] as T);
        }
      };
      child.on('message', listen);
    });
    child.send(question);
    return answer;
  };
  return {
    url,
    pid: child.pid!,
    /** Messages accepted, and how many phones they went to. */
    tally: () => ask<Tally>('tally', 'tally'),
    close: async () => {
      child.send('close');
      await once(child, 'exit');
    },
  };
}

/** BENCH_PROFILE=<dir>: each worker writes a CPU profile of its run there when it stops. */
const profiling = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
  : [];

/**
 * `count` `npm run worker` processes on the database, sending to the fake; `own(i)` adds to the
 * environment of worker i.
 */
async function startWorkers(
  count: number,
  env: Record<string, string>,
  own: (i: number) => Record<string, string> = () => ({}),
) {
  const workers = Array.from({ length: count }, (_, i) => {
    const child = spawn(process.execPath, [...profiling, ...builtProgram('worker')], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, ...own(i) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    return { child, output: () => output };
  });
  for (const worker of workers) {
    while (!worker.output().includes('is running')) {
      if (worker.child.exitCode !== null) throw new Error(`a worker exited: ${worker.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    pids: workers.map(({ child }) => child.pid!),
    async stop() {
      for (const { child } of workers) child.kill('SIGTERM');
      await Promise.all(workers.map(({ child }) => once(child, 'exit')));
    },
  };
}

/** What a program's day did: its messages by status, and how long its hand-overs took. */
async function dayFigures(database: Database, programId: string) {
  const [statuses] = await rowsOf<{ total: number; waiting: number; sent: number }>(
    database.db,
    sql`select count(*)::int as total,
        count(*) filter (where status in ('queued', 'sending'))::int as waiting,
        count(*) filter (where sent_at is not null)::int as sent
      from outbound_messages where program_id = ${programId}`,
  );
  const [span] = await rowsOf<{ seconds: number }>(
    database.db,
    sql`select extract(epoch from max(sent_at) - min(sent_at))::float8 as seconds
      from outbound_messages where program_id = ${programId}`,
  );
  return { ...statuses!, seconds: span!.seconds };
}

/** The outbox's, its events' and its links' sizes on disk. */
async function sizes(database: Database) {
  const [row] = await rowsOf<Record<string, string>>(
    database.db,
    sql`select pg_size_pretty(pg_table_size('outbound_messages')) as outbox,
        pg_size_pretty(pg_indexes_size('outbound_messages')) as "outbox indexes",
        pg_size_pretty((select sum(pg_table_size(relid)) from pg_partition_tree('outbound_message_events'))) as events,
        pg_size_pretty((select sum(pg_indexes_size(relid)) from pg_partition_tree('outbound_message_events'))) as "events indexes",
        pg_size_pretty(pg_table_size('short_links')) as "short links",
        pg_size_pretty(pg_indexes_size('short_links')) as "short links indexes"`,
  );
  return Object.entries(row!)
    .map(([name, size]) => `${name} ${size}`)
    .join(', ');
}

/**
 * Waits until no message of the program is queued or being sent: asked each second by the claim's
 * index (status first), as counting the whole day each second was among the statements
 * PostgreSQL ran most (14% of the samples, bench/postgres-activity.ts, 100,000 participants).
 */
async function sentOut(database: Database, programId: string) {
  for (;;) {
    const [{ waiting }] = (await rowsOf<{ waiting: boolean }>(
      database.db,
      sql`select exists (
          select 1 from outbound_messages
          where status in ('queued', 'sending') and program_id = ${programId}
        ) as waiting`,
    )) as [{ waiting: boolean }];
    if (!waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Its messages and phones at the fake: duplicates are messages beyond one per phone. */
async function checkDay(
  fake: Awaited<ReturnType<typeof startFake>>,
  expected: number,
  label: string,
) {
  const tally = await fake.tally();
  const duplicates = tally.messages - tally.phones;
  const missing = expected - tally.phones;
  const line = `${label}: ${number(tally.messages)} messages at the fake Twilio to ${number(tally.phones)} phones: duplicates ${number(duplicates)}, missing ${number(missing)}`;
  if (duplicates !== 0 || missing !== 0) throw new Error(line);
  return { line, tally };
}

const rate = (messages: number, seconds: number) =>
  `${number(Math.round(messages / seconds))} msg/s`;

/** Each worker's messages and rate, by the number it sent from (its first and last accepted). */
const workerLines = (tally: Tally) =>
  Object.values(tally.senders).map(
    (sender, i) =>
      `  worker ${i + 1}: ${number(sender.messages)} messages, ${rate(sender.messages, (sender.last - sender.first) / 1000)}`,
  );

/** A sending number of its own for each worker: the fake tells their messages apart by it. */
const ownNumber = (i: number) => ({ TWILIO_FROM: `+1500555${String(1000 + i)}` });

async function measure(scratch: { env: { DATABASE_URL: string; DATA_DIR: string } }) {
  const clock = programClock();
  const engineNow = () => new Date(Date.now() + clock.offsetMs);
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  const config = loadConfig({ ...scratch.env, ...ADMIN, LOG_LEVEL: 'silent' });
  const { database } = await prepareDatabase(config);
  try {
    const started = performance.now();
    const { unlimited, limited } = await seed(database, clock.timeZone, engineNow());
    console.log(
      `Seeded ${number(PARTICIPANTS)} participants in ${PODS} pods in ${ms(performance.now() - started)} (program zone ${clock.timeZone}${clock.offsetMs ? `, the engine's clock ${(clock.offsetMs / HOUR_MS).toFixed(2)} h ahead` : ''}).`,
    );
    // The pods given to the program make its people's figures count them (docs/rollups.md): the
    // fold does it, as a dispatcher would within 30 s; timed here, apart from the sending.
    const folding = performance.now();
    await foldMessageCounts(database.db);
    console.log(
      `Folded the program's ${number(PARTICIPANTS)} people into its figures in ${ms(performance.now() - folding)}.`,
    );
    const planner = createPlanner({
      db: database.db,
      publicUrl: 'https://tidings.example.org',
      shortLinkBase: 'https://tid.gs/l',
      cutoffMs: DELIVERY_DEFAULTS.cutoffMs,
      now: engineNow,
    });
    const planning = performance.now();
    const plan = await planner.planOnce();
    const planMs = performance.now() - planning;
    if (plan.planned !== PARTICIPANTS) {
      throw new Error(`planned ${number(plan.planned)} messages, not ${number(PARTICIPANTS)}`);
    }
    say(`Planned the day: ${number(plan.planned)} messages in ${ms(planMs)}`);
    await database.db.execute(sql`analyze`);

    await ensureServerBuilt();
    const fake = await startFake();
    const server = await startServer({ DATABASE_URL: scratch.env.DATABASE_URL, DISPATCHER: 'off' });
    const workerEnv = {
      DATABASE_URL: scratch.env.DATABASE_URL,
      PUBLIC_URL: 'https://tidings.example.org',
      ...FAKE_TWILIO_ENV,
      TWILIO_API_URL: fake.url,
      ...(clock.offsetMs
        ? { NODE_ENV: 'test', TIDINGS_TEST_CLOCK_OFFSET_MS: String(Math.round(clock.offsetMs)) }
        : {}),
    };
    try {
      const token = await apiToken(server, ADMIN);
      // Pacing off: each worker its own number, so the fake counts each one's messages.
      let workers = await startWorkers(WORKERS, { ...workerEnv, SMS_MPS: '0' }, ownNumber);
      const { result: contacts, cpu } = await cpuDuring(
        database,
        { fake: fake.pid, workers: workers.pids },
        async () => {
          const page = '/api/contacts?page=1&perPage=25&sort=createdAt&order=desc';
          const list = await timeGet<{ total: number }>(server, token, page);
          const search = await timeGet<{ total: number }>(server, token, `${page}&q=person42424`);
          await sentOut(database, unlimited);
          return { list, search };
        },
      );
      await workers.stop();
      const day = await dayFigures(database, unlimited);
      say(
        `Sent with pacing off by ${WORKERS} workers: ${number(day.sent)} messages in ${day.seconds.toFixed(1)} s, ${rate(day.sent, day.seconds)}`,
      );
      const checked = await checkDay(fake, PARTICIPANTS, '  At the provider');
      for (const line of workerLines(checked.tally)) say(line);
      say(`  CPU meanwhile: ${cpu}`);
      say(checked.line);
      say(
        `Contacts list, first page, at ${number(contacts.list.body.total)} contacts, while sending: ${medianAndWorst(contacts.list.times)}`,
      );
      say(
        `Contacts search (q=person42424, ${number(contacts.search.body.total)} found), while sending: ${medianAndWorst(contacts.search.times)}`,
      );

      // The first run's hand-overs are added to their recipients' days by the fold (docs/rollups.md),
      // which the workers' dispatchers run every 30 s: timed here, apart from the paced run.
      const foldingSent = performance.now();
      await foldMessageCounts(database.db);
      say(
        `Folded what remained of the first run's ${number(day.sent)} hand-overs in ${ms(performance.now() - foldingSent)}.`,
      );
      const pacedProgram = await limited();
      await foldMessageCounts(database.db);
      const paced = await planner.planOnce();
      workers = await startWorkers(WORKERS, { ...workerEnv, SMS_MPS: String(LIMIT_MPS) });
      const { cpu: pacedCpu } = await cpuDuring(
        database,
        { fake: fake.pid, workers: workers.pids },
        () => sentOut(database, pacedProgram),
      );
      await workers.stop();
      const pacedDay = await dayFigures(database, pacedProgram);
      say(
        `Sent with a sender limit of ${number(LIMIT_MPS)} msg/s by ${WORKERS} workers: ${number(pacedDay.sent)} messages (planned ${number(paced.planned)}) in ${pacedDay.seconds.toFixed(1)} s, ${rate(pacedDay.sent, pacedDay.seconds)}`,
      );
      // One sender for all: the limit is the sender's, whichever worker sends.
      say(`  CPU meanwhile: ${pacedCpu}`);
      say((await checkDay(fake, paced.planned, '  At the provider')).line);
      say(`Sizes: ${await sizes(database)}`);
      return lines;
    } finally {
      await server.stop();
      await fake.close();
    }
  } finally {
    await database.close();
  }
}

try {
  const [lines] = await onEachDatabase('scale', measure, ['postgres']);
  if (!lines) throw new Error('bench:scale needs PostgreSQL');
  console.log(
    `\n${lines.join('\n')}\n\nTargets: plan under 60 s; at least 3,000 msg/s with 4 workers; list under 50 ms, search under 200 ms.`,
  );
} catch (error) {
  console.error(`bench:scale failed: ${(error as Error).message}`);
  process.exit(1);
}
