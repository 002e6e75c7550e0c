import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { outboundMessages } from '../../src/server/db/schema';
import { CLAIM_TIMEOUT_MS } from '../../src/server/delivery/claim';
import { createDispatcher } from '../../src/server/delivery/dispatcher';
import { UNKNOWN_GRACE_MS } from '../../src/server/delivery/housekeeping';
import { createTwilioProvider } from '../../src/server/delivery/twilio-provider';
import {
  FAKE_TWILIO,
  FAKE_TWILIO_ENV,
  startFakeTwilio,
  type FakeTwilioServer,
} from '../helpers/fake-twilio';
import { builtProgram } from '../helpers/server';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';

/**
 * `npm run worker` processes on one PostgreSQL, sending to a fake Twilio with 5 ms of latency:
 * four of them share 10,000 messages, and one killed (SIGKILL) at random points five times loses
 * none and sends none twice. The fake counts what it received. The embedded database is one
 * process, where the worker refuses to start (last test), so the rest runs on PostgreSQL only.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PUBLIC_URL = 'https://tidings.example.org';

let testDb: TestDatabase | undefined;
let fake: FakeTwilioServer;

interface Worker {
  child: ChildProcess;
  exited: Promise<unknown>;
  output(): string;
}

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, builtProgram('worker'), {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, exited: once(child, 'exit'), output: () => output };
}

const twilioEnv = () => ({
  DATABASE_URL: testDb!.url!,
  PUBLIC_URL,
  ...FAKE_TWILIO_ENV,
  SMS_MPS: '0',
  TWILIO_API_URL: fake.url,
});

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function queueMessages(db: Db, count: number) {
  await db.execute(sql`
    insert into outbound_messages (kind, to_phone, body, send_after)
    select 'test', '+197155' || lpad(g::text, 5, '0'), 'Message ' || g, now() - interval '1 minute'
    from generate_series(1, ${count}) as g`);
}

async function statusCounts(db: Db) {
  const rows = await db
    .select({ status: outboundMessages.status, n: sql<number>`count(*)::int` })
    .from(outboundMessages)
    .groupBy(outboundMessages.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** Every message went once: the fake received each body exactly once, and every row is sent. */
async function expectEachSentOnce(db: Db, count: number) {
  const received = new Map<string, number>();
  for (const message of fake.messages) {
    received.set(message.body, (received.get(message.body) ?? 0) + 1);
  }
  const twice = [...received].filter(([, n]) => n > 1);
  expect(twice).toEqual([]);
  expect(received.size).toBe(count);
  expect(await statusCounts(db)).toEqual({ sent: count });
}

// Several processes on one database exist only on PostgreSQL (the embedded database belongs to
// one process), so these run in the api:postgres layer and are not registered on PGlite.
if (TEST_DB === 'postgres')
  describe('dispatcher processes on PostgreSQL', () => {
    let db: Db;

    beforeAll(async () => {
      testDb = await createTestDatabase();
      db = testDb.database.db;
      fake = await startFakeTwilio();
      fake.latencyMs = 5;
    });
    afterAll(async () => {
      await fake?.close();
      await testDb?.dispose();
    });
    beforeEach(async () => {
      await db.delete(outboundMessages);
      fake.messages.length = 0;
      fake.requests = 0;
    });

    it('four worker processes send 10,000 due messages, each exactly once', async () => {
      const count = 10_000;
      await queueMessages(db, count);
      const workers = Array.from({ length: 4 }, () => startWorker(twilioEnv()));
      try {
        await until(() => fake.messages.length >= count, '10,000 messages at the fake');
        await until(async () => (await statusCounts(db)).sent === count, 'every row to be sent');
      } finally {
        for (const worker of workers) worker.child.kill('SIGTERM');
        const codes = (await Promise.all(workers.map((worker) => worker.exited))) as [number][];
        expect(codes.map(([code]) => code)).toEqual([0, 0, 0, 0]);
      }
      expect(workers[0]!.output()).toContain('Tidings dispatcher');
      await expectEachSentOnce(db, count);
    }, 240_000);

    it('a worker killed at random points five times loses no message and sends none twice', async () => {
      const count = 5_000;
      await queueMessages(db, count);
      for (let kill = 0; kill < 5; kill += 1) {
        const worker = startWorker(twilioEnv());
        // Somewhere in the middle of sending: after a random number of further messages.
        const target = Math.min(count, fake.messages.length + 20 + Math.floor(Math.random() * 180));
        await until(
          () => fake.messages.length >= target || worker.child.exitCode !== null,
          'the worker to send',
        );
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
        worker.child.kill('SIGKILL');
        await worker.exited;
      }

      // A last worker sends what is left and stops cleanly.
      const last = startWorker(twilioEnv());
      await until(async () => !(await statusCounts(db)).queued, 'the queue to empty');
      last.child.kill('SIGTERM');
      const [code] = (await last.exited) as [number];
      expect(code).toBe(0);

      // The killed workers' claims are still `sending`; once they time out, a dispatcher takes them
      // back as `unknown` and asks the fake about each: sent when it has it, sent again if not.
      const lost = (await statusCounts(db)).sending ?? 0;
      expect(lost).toBeGreaterThan(0);
      let offset = CLAIM_TIMEOUT_MS + 1_000;
      const recovery = createDispatcher({
        db,
        provider: createTwilioProvider(
          { ...FAKE_TWILIO, messagingServiceSid: undefined, apiUrl: fake.url },
          PUBLIC_URL,
        ),
        mps: 0,
        cutoffMs: 4 * 60 * 60 * 1000,
        log: Fastify().log,
        now: () => new Date(Date.now() + offset),
      });
      await recovery.runOnce();
      offset += UNKNOWN_GRACE_MS + 1_000;
      for (let pass = 0; pass < 500; pass += 1) {
        const left = await statusCounts(db);
        if (!left.unknown && !left.queued && !left.sending) break;
        await recovery.runOnce();
      }
      await expectEachSentOnce(db, count);
    }, 300_000);
  });

it('the worker refuses to start on the embedded database, in one line', async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, builtProgram('worker'), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  expect(code).toBe(1);
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).toContain('needs PostgreSQL (set DATABASE_URL)');
}, 60_000);
