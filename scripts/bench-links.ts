/**
 * `npm run bench:links`: the real server answering short links (`GET /l/{code}`) among 100,000 of
 * them, at 200 requests a second (autocannon's overall rate) over BENCH_LINKS_CONNECTIONS
 * connections (default 10) for BENCH_LINKS_SECONDS (default 20), each request for a random known
 * code from a phone's browser. Prints requests per second, latency (p50, p99, max), answers by
 * status, errors and timeouts, and the clicks the server recorded, read from the database once it
 * has stopped. On the embedded database, then on PostgreSQL (BENCH_ONLY picks one:
 * scripts/bench-database.ts).
 *
 * Target: p99 under 30 ms. A message's link is opened by a person waiting on a phone, and each
 * open is one lookup and one insert.
 *
 * autocannon keeps to its rate by letting each connection send its share of a second's requests
 * back to back as the second begins, then wait: the server meets a burst of 200 requests, as many
 * at a time as there are connections, every second. Latency therefore grows with the connections
 * (each request waits behind the others of its burst), and is higher than requests spread over the
 * second would see.
 */
import autocannon from 'autocannon';
import { count, sql } from 'drizzle-orm';
import { linkClicks, shortLinks } from '../src/server/db/schema';
import { newShortCode } from '../src/server/links/codes';
import {
  benchAdmin,
  ms,
  number,
  report,
  runBench,
  withDatabase,
  type DatabaseEnv,
} from './bench/common';

const ADMIN = benchAdmin('links');
const LINKS = 100_000;
const RATE = 200;
const CONNECTIONS = Number(process.env.BENCH_LINKS_CONNECTIONS || 10);
const SECONDS = Number(process.env.BENCH_LINKS_SECONDS || 20);
const P99_TARGET_MS = 30;
/** autocannon gives up on an answer after this long: a timeout. */
const TIMEOUT_SECONDS = 10;
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The codes of the database being measured, and how the server opens it (set by `prepare`). */
let codes: string[] = [];
let database: DatabaseEnv;

/** `LINKS` short links with the server's own codes, in one statement (the codes as one JSON array). */
function insertLinks(env: DatabaseEnv) {
  database = env;
  const made = new Set<string>();
  while (made.size < LINKS) made.add(newShortCode());
  codes = [...made];
  return withDatabase(env, ADMIN, async (db) => {
    await db.execute(sql`
      insert into short_links (code, day, link_index, url)
      select code, (ord % 30)::int, (ord % 2)::smallint, 'https://example.org/walks/' || ord
      from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) with ordinality as t(code, ord)`);
    const [row] = await db.select({ total: count() }).from(shortLinks);
    return `${number(row!.total)} short links`;
  });
}

/** The clicks stored, all and counted. */
const storedClicks = () =>
  withDatabase(database, ADMIN, async (db) => {
    const [row] = await db
      .select({
        all: count(),
        counted: sql<number>`count(*) filter (where ${linkClicks.counted})`.mapWith(Number),
      })
      .from(linkClicks);
    return row!;
  });

await runBench({
  name: 'links',
  admin: ADMIN,
  prepare: insertLinks,
  measure: async (server) => {
    const randomCode = () => codes[Math.floor(Math.random() * codes.length)]!;
    console.log(
      `GET /l/{code}: ${RATE} requests/s over ${CONNECTIONS} connections for ${SECONDS} s...`,
    );
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      overallRate: RATE,
      duration: SECONDS,
      timeout: TIMEOUT_SECONDS,
      // autocannon's correction for coordinated omission assumes a request every 1/rate, which it
      // rounds up to 1 ms: it would count an answer of 40 ms forty times. Each answer counts once.
      ignoreCoordinatedOmission: true,
      headers: { 'user-agent': IPHONE_SAFARI },
      requests: [
        { method: 'GET', setupRequest: (request) => ({ ...request, path: `/l/${randomCode()}` }) },
      ],
    });
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, stats]) => `${status}: ${number(stats?.count ?? 0)}`)
      .join(', ');
    const met = result.latency.p99 < P99_TARGET_MS ? 'met' : 'NOT met';
    report(
      'GET /l/{code}',
      `${number(Math.round(result.requests.average))} req/s; p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)} (target under ${P99_TARGET_MS} ms: ${met}), max ${ms(result.latency.max)}`,
    );
    report(
      'GET /l/{code}, answers',
      `${statuses || 'none'}; errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    // On the embedded database only the server may open it: read the clicks once it has stopped.
    await server.stop();
    const clicks = await storedClicks();
    // Requests still under way when autocannon stopped are recorded too, but not in its answers.
    report(
      'GET /l/{code}, clicks recorded',
      `${number(clicks.all)} (${number(clicks.counted)} counted)`,
    );
  },
});
