/**
 * `npm run bench:webhooks`: 10,000 messages' delivery reports (each `delivered`, as the provider's
 * status callbacks would bring them) applied BENCH_WEBHOOKS_RATE a second (default 500), each in
 * its own transaction that also writes its `message.delivered` event; the webhook worker sends
 * them, as the server does, to a local endpoint that answers each in 20 ms. Prints events per
 * second and the lag from each change to its arrival at the endpoint (p50, p99, max). The worker
 * runs in this process, woken after each change as the server wakes it after each request. On the
 * embedded database, then on PostgreSQL (BENCH_ONLY picks one: scripts/bench-database.ts).
 *
 * Target: p99 lag under 2 s on PostgreSQL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Database } from '../src/server/db/client';
import { rowsOf } from '../src/server/db/rows';
import { webhookEndpoints } from '../src/server/db/schema';
import { applyStatusReport } from '../src/server/delivery/status';
import { loadConfig } from '../src/server/env';
import { prepareDatabase } from '../src/server/startup';
import { newWebhookSecret } from '../src/server/webhooks/signature';
import { createWebhookWorker } from '../src/server/webhooks/worker';
import { benchAdmin, ms, number } from './bench/common';
import { onEachDatabase } from './bench-database';

const CHANGES = Number(process.env.BENCH_WEBHOOKS_CHANGES || 10_000);
const RATE = Number(process.env.BENCH_WEBHOOKS_RATE || 500);
const ANSWER_MS = 20;
const P99_TARGET_MS = 2_000;
const ADMIN = benchAdmin('webhooks');

/** The endpoint: the arrival time of each event by its id, answered 204 after ANSWER_MS. */
async function startEndpoint() {
  const arrivals = new Map<string, number>();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      if (!arrivals.has(id)) arrivals.set(id, Date.now());
      setTimeout(() => response.writeHead(204).end(), ANSWER_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(label: string, database: Database) {
  const { db } = database;
  const endpoint = await startEndpoint();
  await db
    .insert(webhookEndpoints)
    .values({ url: endpoint.url, eventTypes: ['message.delivered'], secret: newWebhookSecret() });
  const messageIds = (
    await rowsOf<{ id: string }>(
      db,
      sql`insert into outbound_messages (kind, to_phone, body, status, sent_at)
          select 'test', '+1971555' || lpad(g::text, 4, '0'), 'Message ' || g, 'sent', now()
          from generate_series(1, ${CHANGES}) g
          returning id`,
    )
  ).map((row) => row.id);

  const worker = createWebhookWorker({ db, log: Fastify().log, allowLoopback: true });
  worker.start();
  const changedAt = new Map<string, number>();
  const started = Date.now();
  // The reports arrive RATE a second, a few at a time, as a provider's callbacks do.
  const perTick = Math.max(1, Math.round(RATE / 100));
  for (let i = 0; i < messageIds.length; i += perTick) {
    const due = started + (i / RATE) * 1000;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await Promise.all(
      messageIds.slice(i, i + perTick).map(async (id) => {
        await applyStatusReport(db, id, { status: 'delivered' });
        changedAt.set(id, Date.now());
        worker.wake();
      }),
    );
  }
  const changesDone = Date.now();
  // The event ids, by message: the lag is from the change's commit to the event's arrival.
  const events = await rowsOf<{ id: string; message_id: string }>(
    db,
    sql`select id, data->>'messageId' as message_id from webhook_events`,
  );
  const deadline = Date.now() + 120_000;
  while (endpoint.arrivals.size < events.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await worker.stop();
  await endpoint.close();

  const lags = events
    .filter((event) => endpoint.arrivals.has(event.id))
    .map((event) => endpoint.arrivals.get(event.id)! - changedAt.get(event.message_id)!)
    .sort((a, b) => a - b);
  const last = Math.max(...endpoint.arrivals.values());
  console.log(
    `${label}: ${number(CHANGES)} status changes in ${((changesDone - started) / 1000).toFixed(1)} s, ` +
      `${number(events.length)} events, ${number(lags.length)} delivered; ` +
      `${number(Math.round((lags.length / (last - started)) * 1000))} events/s; ` +
      `lag p50 ${ms(percentile(lags, 50))}, p99 ${ms(percentile(lags, 99))}, max ${ms(lags.at(-1)!)}`,
  );
  if (lags.length !== CHANGES)
    throw new Error(`${label}: ${CHANGES - lags.length} events not delivered`);
  return { p99: percentile(lags, 99) };
}

try {
  await onEachDatabase('webhooks', async (scratch) => {
    const { database } = await prepareDatabase(loadConfig({ ...scratch.env, ...ADMIN }));
    try {
      return await measure(scratch.label, database);
    } finally {
      await database.close();
    }
  });
  console.log(
    `\nTarget: p99 lag under ${ms(P99_TARGET_MS)} on PostgreSQL, at ${number(RATE)} changes a second.`,
  );
} catch (error) {
  console.error(`bench:webhooks failed: ${(error as Error).message}`);
  process.exit(1);
}
