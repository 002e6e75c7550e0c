import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { webhookEndpoints } from '../../src/server/db/schema';
import { newWebhookSecret } from '../../src/server/webhooks/signature';
import { createWebhookWorker, WEBHOOK_WORKER } from '../../src/server/webhooks/worker';
import { builtProgram } from '../helpers/server';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { createTestDatabase, type TestDatabase } from './helpers/database';

/**
 * `npm run worker` sending the webhook outbox, SIGKILLed at random points while calls are under
 * way: no event is lost. Calls that were under way when a worker died are made again once their
 * claim times out (at least once: the consumer drops repeats by webhook-id). PostgreSQL only
 * (POSTGRES_ONLY in vite.config.ts): the worker needs it, the embedded database being one process.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

let testDb: TestDatabase;
let db: Db;
let receiver: WebhookReceiver;

function startWorker(): { child: ChildProcess; exited: Promise<unknown> } {
  const child = spawn(process.execPath, builtProgram('worker'), {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: testDb.url!,
      WEBHOOK_ALLOW_LOOPBACK: 'true',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  return { child, exited: once(child, 'exit') };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const statusCounts = async () =>
  Object.fromEntries(
    (
      await rowsOf<{ status: string; n: number }>(
        db,
        sql`select status, count(*)::int as n from webhook_deliveries group by status`,
      )
    ).map((row) => [row.status, row.n]),
  );

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  receiver = await startWebhookReceiver();
  // Slow enough that every kill finds calls under way.
  receiver.answer = () => ({ status: 204, delayMs: 20 });
});
afterAll(async () => {
  await receiver?.close();
  await testDb?.dispose();
});

/** Kills of the worker mid-delivery. */
const KILLS = 5;

it('a worker SIGKILLed mid-delivery five times loses no event', async () => {
  const count = 3_000;
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      url: `${receiver.url}/hook`,
      eventTypes: ['message.sent'],
      secret: newWebhookSecret(),
    })
    .returning();
  await db.execute(sql`
      with events as (
        insert into webhook_events (type, at, data)
        select 'message.sent', now(), jsonb_build_object('n', g) from generate_series(1, ${count}) g
        returning id)
      insert into webhook_deliveries (endpoint_id, event_id, next_attempt_at)
      select ${endpoint!.id}::uuid, id, now() - interval '1 second' from events`);

  for (let kill = 0; kill < KILLS; kill += 1) {
    const worker = startWorker();
    const target = Math.min(count, receiver.received.length + 50 + Math.floor(Math.random() * 150));
    await until(
      () => receiver.received.length >= target || worker.child.exitCode !== null,
      'the worker to deliver',
    );
    worker.child.kill('SIGKILL');
    await worker.exited;
  }
  const last = startWorker();
  await until(async () => !(await statusCounts()).queued, 'the queue to empty');
  last.child.kill('SIGTERM');
  expect(((await last.exited) as [number])[0]).toBe(0);

  // The killed workers' claims are still `sending`; once they time out they are sent again.
  const stranded = (await statusCounts()).sending ?? 0;
  expect(stranded).toBeGreaterThan(0);
  const recovery = createWebhookWorker({
    db,
    log: Fastify().log,
    allowLoopback: true,
    now: () => new Date(Date.now() + WEBHOOK_WORKER.claimTimeoutMs + 1_000),
  });
  await recovery.drain();
  await recovery.stop();

  expect(await statusCounts()).toEqual({ succeeded: count });
  const ids = new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));
  expect(ids.size).toBe(count);
  // Only calls under way at a kill are made twice.
  expect(receiver.received.length - count).toBeLessThanOrEqual(
    KILLS * WEBHOOK_WORKER.inFlight + stranded,
  );
}, 300_000);
