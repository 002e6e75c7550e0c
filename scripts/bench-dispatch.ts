/**
 * `npm run bench:dispatch`: how many messages per second the dispatcher hands to a provider that
 * takes 5 ms to answer, with pacing off (SMS_MPS=0): 10,000 due messages sent by one dispatcher
 * through the official `twilio` package to a local fake Twilio, on the embedded database and on
 * PostgreSQL, each a scratch database of its own (scripts/bench-database.ts: which server,
 * BENCH_ONLY). Targets: 1,000 msg/s on PostgreSQL, 200 msg/s on PGlite.
 * Prints figures; never fails on a slow machine.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase, type Database } from '../src/server/db/client';
import { createDispatcher } from '../src/server/delivery/dispatcher';
import { createTwilioProvider } from '../src/server/delivery/twilio-provider';
import { FAKE_TWILIO } from '../tests/helpers/fake-twilio';
import { onEachDatabase } from './bench-database';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const LATENCY_MS = 5;
const number = (n: number) => Math.round(n).toLocaleString('en-US');

/** The fake Twilio, in a process of its own as the real one would be. */
async function startFake() {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'bench/fake-twilio-process.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FAKE_TWILIO_LATENCY_MS: String(LATENCY_MS) },
  });
  const [{ url }] = (await once(child, 'message')) as [{ url: string }];
  return {
    url,
    async count(): Promise<number> {
      child.send('count');
      const [{ count }] = (await once(child, 'message')) as [{ count: number }];
      return count;
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
    await database.migrate();
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

const results = [
  `Dispatch to a fake Twilio answering in ${LATENCY_MS} ms, SMS_MPS=0, one dispatcher:`,
  ...(await onEachDatabase('dispatch', async (scratch) => {
    const database = await openDatabase({
      databaseUrl: scratch.env.DATABASE_URL || undefined,
      dataDir: scratch.dataDir,
      poolSize: 10,
    });
    try {
      return await measure(scratch.label, database);
    } finally {
      await database.close();
    }
  })),
];
console.log(`\n${results.join('\n')}`);
