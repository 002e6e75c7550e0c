/**
 * `npm run bench:load`: the real server under many clients at once, with 20,000 contacts. For each
 * load (autocannon, 100 connections for BENCH_LOAD_SECONDS, default 20): the contacts list's first
 * page, the whole contacts list unpaged (and with the two connections one user may use for it), and
 * wrong sign-ins. Prints requests per second, latency
 * (p50, p99, max), answers by status, errors and timeouts, the server's memory (RSS) before and
 * after, and how long `/api/health` took meanwhile (asked every 100 ms on a connection of its own).
 * On the embedded database, then on PostgreSQL (BENCH_ONLY picks one: scripts/bench-database.ts).
 *
 * Targets: no timeouts, p99 under 1 s on the first page, health under 200 ms throughout, and the
 * server's memory growing by less than 200 MB.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { count } from 'drizzle-orm';
import { users } from '../src/server/db/schema';
import { HEAVY_REQUESTS } from '../src/server/http/heavy-requests';
import { insertBulkContacts } from '../tests/api/helpers/bulk';
import type { RunningServer } from '../tests/helpers/server';
import { apiToken, benchAdmin, ms, number, report, runBench, withDatabase } from './bench/common';

const ADMIN = benchAdmin('load');
const CONTACTS = 20_000;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 20);
const CONNECTIONS = 100;
/** autocannon gives up on an answer after this long: a timeout. */
const TIMEOUT_SECONDS = 10;

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
};

/** Asks `/api/health` every 100 ms until stopped; the latencies, and the slowest's time. */
function watchHealth(server: RunningServer) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(60_000) });
      } catch {
        // Counted as the time it took to fail.
      }
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await done;
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return `${sorted.length} checks: p50 ${ms(at(0.5))}, p99 ${ms(at(0.99))}, max ${ms(sorted.at(-1)!)}`;
  };
}

async function load(
  server: RunningServer,
  label: string,
  options: Pick<autocannon.Options, 'method' | 'headers' | 'body'> & {
    path: string;
    connections?: number;
  },
) {
  const connections = options.connections ?? CONNECTIONS;
  console.log(`${label}: ${connections} connections for ${SECONDS} s...`);
  const rssBefore = rssMb(server.pid);
  const health = watchHealth(server);
  const result = await autocannon({
    url: `${server.url}${options.path}`,
    method: options.method ?? 'GET',
    headers: options.headers,
    ...(options.body !== undefined && { body: options.body }),
    connections,
    duration: SECONDS,
    timeout: TIMEOUT_SECONDS,
  });
  const healthFigures = await health();
  // The server may still be working for clients that are gone: a moment to settle, then the RSS.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssAfter = rssMb(server.pid);
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, stats]) => `${status}: ${number(stats?.count ?? 0)}`)
    .join(', ');
  report(
    `${label}`,
    `${number(Math.round(result.requests.average))} req/s; p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, max ${ms(result.latency.max)}`,
  );
  report(
    `${label}, answers`,
    `${statuses || 'none'}; errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  report(`${label}, server RSS`, `${rssBefore} MB before, ${rssAfter} MB after`);
  report(`${label}, /api/health meanwhile`, healthFigures);
}

await runBench({
  name: 'load',
  admin: ADMIN,
  prepare: (env) =>
    withDatabase(env, ADMIN, async (db) => {
      await insertBulkContacts(db, CONTACTS);
      const [row] = await db.select({ total: count() }).from(users);
      return `${number(row!.total)} contacts`;
    }),
  measure: async (server) => {
    const token = await apiToken(server, ADMIN);
    const auth = { authorization: `Bearer ${token}` };
    await load(server, 'contacts, first page', {
      path: '/api/contacts?page=1&perPage=25&sort=createdAt&order=desc',
      headers: auth,
    });
    await load(server, 'contacts, whole list (unpaged)', { path: '/api/contacts', headers: auth });
    // The whole lists one user may have under way at once, asked for again and again.
    await load(server, `contacts, whole list, ${HEAVY_REQUESTS.perUser} at a time`, {
      path: '/api/contacts',
      headers: auth,
      connections: HEAVY_REQUESTS.perUser,
    });
    await load(server, 'wrong sign-ins', {
      path: '/api/auth/login',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: 'not the password' }),
    });
  },
});
