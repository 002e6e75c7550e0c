/**
 * `npm run bench:dispatch`: how many messages per second the dispatcher hands to a provider that
 * takes 5 ms to answer, with pacing off (SMS_MPS=0): 10,000 due messages sent by one dispatcher
 * through the official `twilio` package to a local fake Twilio, on the embedded database and on
 * PostgreSQL, each a scratch database of its own (scripts/bench-database.ts: which server,
 * BENCH_ONLY). Targets: 1,000 msg/s on PostgreSQL, 200 msg/s on PGlite.
 *
 * Then replies first (docs/delivery-priority.md): with SMS_MPS=10 and a program day of 10,000
 * messages going out through the delivery engine, how long a JOIN confirmation and a staff reply
 * take from being queued to reaching the fake Twilio, over PRIORITY_ROUNDS rounds at different
 * moments of a batch. The JOIN is received as the webhook receives it (receiveMessage); on the
 * embedded database in the engine's process, which then wakes it as the server's onResponse hook
 * does; on PostgreSQL on connections of their own and with no wake, as a server would whose
 * sending is left to a worker. Target: within 2 s each. PRIORITY_ONLY=1 measures this figure
 * alone; PRIORITY_WORKERS=3 has that many dispatchers share the sender on PostgreSQL.
 * Prints figures; never fails on a slow machine.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase, openPostgres, type Database, type Db } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { createDispatcher } from '../src/server/delivery/dispatcher';
import { createDeliveryEngine, type DeliveryEngine } from '../src/server/delivery/engine';
import { createTwilioProvider } from '../src/server/delivery/twilio-provider';
import { receiveMessage } from '../src/server/inbound/receive';
import { FAKE_TWILIO } from '../tests/helpers/fake-twilio';
import { queueProgramDay, queueStaffReply } from '../tests/helpers/program-day';
import { onEachDatabase, type ScratchDatabase } from './bench-database';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const LATENCY_MS = 5;
/** The priority figure: the sender's pace, and how many times a JOIN and a staff reply are sent. */
const PRIORITY_MPS = 10;
const PRIORITY_ROUNDS = Number(process.env.PRIORITY_ROUNDS ?? 5);
const PRIORITY_TARGET_MS = 2_000;
/**
 * PRIORITY_WORKERS=3: on PostgreSQL, that many dispatchers share the sender, each on connections of
 * its own as `npm run worker` processes would be (the embedded database has one).
 */
const PRIORITY_WORKERS = Number(process.env.PRIORITY_WORKERS ?? 1);
/** PRIORITY_ONLY=1: the priority figure alone, without the throughput one. */
const PRIORITY_ONLY = process.env.PRIORITY_ONLY === '1';
const number = (n: number) => Math.round(n).toLocaleString('en-US');

/** The fake Twilio, in a process of its own as the real one would be. */
async function startFake() {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'bench/fake-twilio-process.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FAKE_TWILIO_LATENCY_MS: String(LATENCY_MS) },
  });
  const [{ url }] = (await once(child, 'message')) as [{ url: string }];
  const counting: ((count: number) => void)[] = [];
  const watching = new Map<string, (at: number) => void>();
  child.on('message', (message: { count?: number; arrived?: string; at?: number }) => {
    if (message.count !== undefined) counting.shift()?.(message.count);
    if (message.arrived !== undefined) watching.get(message.arrived)?.(message.at!);
  });
  return {
    url,
    count(): Promise<number> {
      const counted = new Promise<number>((resolve) => counting.push(resolve));
      child.send('count');
      return counted;
    },
    /** Resolves with when (epoch ms) the first message to `phone` from now on was accepted. */
    arrival(phone: string): Promise<number> {
      const arrived = new Promise<number>((resolve) => watching.set(phone, resolve));
      child.send({ watch: phone });
      return arrived;
    },
    async close() {
      child.send('close');
      await once(child, 'exit');
    },
  };
}

async function measure(label: string, database: Database): Promise<string> {
  const fake = await startFake();
  try {
    const { db } = database;
    await db.execute(sql`
      insert into outbound_messages (kind, to_phone, body, send_after)
      select 'test', '+197155' || lpad(g::text, 5, '0'), 'Bench message ' || g, now()
      from generate_series(1, ${MESSAGES}) as g`);
    await database.refreshStatistics();
    const dispatcher = createDispatcher({
      db,
      provider: createTwilioProvider(
        { ...FAKE_TWILIO, messagingServiceSid: undefined, apiUrl: fake.url },
        'http://localhost:3000',
      ),
      mps: 0,
      cutoffMs: 4 * 3_600_000,
      log: Fastify().log,
    });
    const started = performance.now();
    const claimed = await dispatcher.runOnce();
    const seconds = (performance.now() - started) / 1000;
    const received = await fake.count();
    const line = `${label}: ${number(received)} messages received of ${number(claimed)} claimed, in ${seconds.toFixed(1)} s = ${number(received / seconds)} msg/s`;
    console.log(line);
    return line;
  } finally {
    await fake.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Replies first: a program day of MESSAGES going out at PRIORITY_MPS through the delivery engine,
 * and in each round a JOIN (from a participant not yet opted in) and a staff reply queued at a
 * different moment of a batch; how long each took from being queued to reaching the fake Twilio.
 */
async function measurePriority(scratch: ScratchDatabase, database: Database): Promise<string> {
  const fake = await startFake();
  const log = Fastify().log;
  // PostgreSQL: the webhook is another process's, on connections of its own.
  const elsewhere =
    scratch.kind === 'postgres'
      ? await openPostgres(scratch.env.DATABASE_URL, { poolSize: 2 })
      : null;
  const inbound: Db = elsewhere?.db ?? database.db;
  const { db } = database;
  const workers =
    scratch.kind === 'postgres'
      ? await Promise.all(
          Array.from({ length: PRIORITY_WORKERS - 1 }, () =>
            openPostgres(scratch.env.DATABASE_URL, { poolSize: 5 }),
          ),
        )
      : [];
  const engines = [db, ...workers.map((worker) => worker.db)].map((engineDb) =>
    createDeliveryEngine({
      db: engineDb,
      config: {
        smsProvider: 'twilio',
        twilio: undefined,
        publicUrl: 'http://localhost:3000',
        smsMps: PRIORITY_MPS,
        smsAllowedCountries: ['US', 'CA'],
        deliveryCutoffMs: 4 * 3_600_000,
      },
      log,
      planner: false,
      provider: createTwilioProvider(
        { ...FAKE_TWILIO, messagingServiceSid: undefined, apiUrl: fake.url },
        'http://localhost:3000',
      ),
    }),
  );
  const [engine] = engines as [DeliveryEngine];
  try {
    await queueProgramDay(db, { count: MESSAGES, phonePrefix: '+1503', at: new Date() });
    await db.insert(users).values(
      Array.from({ length: PRIORITY_ROUNDS }, (_, round) => ({
        email: `joiner${round}@example.com`,
        role: 'participant' as const,
        firstName: 'Joiner',
        lastName: `Round ${round}`,
        phone: `+1971555${String(round).padStart(4, '0')}`,
      })),
    );
    await database.refreshStatistics();
    for (const each of engines) each.start();
    // Sending under way: the day's second batch has started.
    while ((await fake.count()) < PRIORITY_MPS + 2) await sleep(50);

    const startedCount = await fake.count();
    const startedAt = performance.now();
    const join: number[] = [];
    const staff: number[] = [];
    for (let round = 0; round < PRIORITY_ROUNDS; round += 1) {
      // Each round lands at another moment of a batch (a batch is a second of its sender).
      await sleep(1_000 + (round * 1_000) / PRIORITY_ROUNDS);
      const joiner = `+1971555${String(round).padStart(4, '0')}`;
      // A phone of no program message, so its first message is the reply.
      const replied = `+1971556${String(round).padStart(4, '0')}`;
      const joinArrived = fake.arrival(joiner);
      const joinQueued = Date.now();
      const { created } = await receiveMessage(
        inbound,
        {
          providerMessageId: `SMbenchjoin${round}${Date.now()}`,
          from: joiner,
          to: FAKE_TWILIO.from,
          body: 'JOIN',
          mediaUrls: [],
        },
        { helpContact: 'help@example.org' },
      );
      if (!created) throw new Error('the JOIN was not received');
      // What main.ts's onResponse hook does once the webhook is answered, in its own process.
      if (!elsewhere) engine.wake();
      const staffArrived = fake.arrival(replied);
      const staffQueued = Date.now();
      await queueStaffReply(inbound, {
        contactId: null,
        phone: replied,
        body: 'See you Thursday at the community center.',
        at: new Date(),
      });
      join.push((await joinArrived) - joinQueued);
      staff.push((await staffArrived) - staffQueued);
    }
    const pace = ((await fake.count()) - startedCount) / ((performance.now() - startedAt) / 1000);
    const figure = (times: number[]) =>
      `within ${number(Math.max(...times))} ms (${times.map(number).join(', ')})`;
    const worst = Math.max(...join, ...staff);
    const label =
      engines.length > 1 ? `${scratch.label}, ${engines.length} dispatchers` : scratch.label;
    const line = `${label}: JOIN confirmation ${figure(join)}; staff reply ${figure(staff)}: ${worst <= PRIORITY_TARGET_MS ? 'within' : 'OVER'} the ${number(PRIORITY_TARGET_MS)} ms target; the day went on at ${pace.toFixed(1)} msg/s`;
    console.log(line);
    return line;
  } finally {
    await Promise.all(engines.map((each) => each.stop()));
    await Promise.all(workers.map((worker) => worker.close()));
    await elsewhere?.close();
    await fake.close();
  }
}

/** Runs `measure` on a scratch database of each kind, opened as the server opens it. */
const onEach = (
  name: string,
  measure: (scratch: ScratchDatabase, db: Database) => Promise<string>,
) =>
  onEachDatabase(name, async (scratch) => {
    const database = await openDatabase({
      databaseUrl: scratch.env.DATABASE_URL || undefined,
      dataDir: scratch.dataDir,
      poolSize: 10,
    });
    try {
      await database.migrate();
      return await measure(scratch, database);
    } finally {
      await database.close();
    }
  });

const results = [
  ...(PRIORITY_ONLY
    ? []
    : [
        `Dispatch to a fake Twilio answering in ${LATENCY_MS} ms, SMS_MPS=0, one dispatcher:`,
        ...(await onEach('dispatch', (scratch, database) => measure(scratch.label, database))),
      ]),
  `Replies first: SMS_MPS=${PRIORITY_MPS}, ${number(MESSAGES)} program messages going out, ${PRIORITY_ROUNDS} rounds, from queued to the fake Twilio:`,
  ...(await onEach('priority', measurePriority)),
];
console.log(`\n${results.join('\n')}`);
