/// <reference lib="dom" /> (the page-side check below runs in Chromium)
/**
 * `npm run bench:contacts`: how fast the contacts list answers on a realistic database. The aim:
 * with `npm run seed:demo` plus 20,000 generated contacts, the console's contacts list shows its
 * first page in under a second. Prints figures, never fails on a slow machine: the API's
 * list queries (first page, search, filters, another sort, a deep page), median and worst of 10 runs
 * after a warm-up; then, when Chromium is installed, the time from opening /contacts in the console
 * until its first page is on screen. Runs on the embedded database, then on PostgreSQL (BENCH_ONLY
 * picks one: scripts/bench-database.ts).
 */
import { count } from 'drizzle-orm';
import { users } from '../src/server/db/schema';
import { seedDemo } from '../src/server/demo/seed';
import { insertBulkContacts } from '../tests/api/helpers/bulk';
import { launchChromium } from '../tests/e2e/helpers/browser';
import { signIn } from '../tests/e2e/helpers/session';
import type { RunningServer } from '../tests/helpers/server';
import {
  API_RUNS,
  apiToken,
  benchAdmin,
  BROWSER_RUNS,
  type DatabaseEnv,
  medianAndWorst,
  ms,
  number,
  openAndWait,
  report,
  runBench,
  timeGet,
  withDatabase,
} from './bench/common';

const ADMIN = benchAdmin('contacts');
const GENERATED = 20_000;
const PAGE = 'perPage=25&sort=createdAt&order=desc';
const API_QUERIES: [label: string, query: string][] = [
  ['first page', `page=1&${PAGE}`],
  ['search q=maria', `page=1&${PAGE}&q=maria`],
  ['filters participant+active', `page=1&${PAGE}&role=participant&status=active`],
  ['sorted by name', 'page=1&perPage=25&sort=fullName&order=asc'],
  ['deep page 400', `page=400&${PAGE}`],
];

/** The demo data plus 20,000 generated contacts, written with the server's own code. */
function prepareData(env: DatabaseEnv): Promise<string> {
  return withDatabase(env, ADMIN, async (db) => {
    await seedDemo(db);
    await insertBulkContacts(db, GENERATED);
    const [row] = await db.select({ total: count() }).from(users);
    return `${number(row!.total)} contacts (demo data + ${number(GENERATED)})`;
  });
}

async function benchApi(server: RunningServer) {
  console.log(`Measuring the API at ${server.url} (${API_RUNS} runs after a warm-up)...`);
  const token = await apiToken(server, ADMIN);
  for (const [label, query] of API_QUERIES) {
    const { times, body } = await timeGet<{ total: number }>(
      server,
      token,
      `/api/contacts?${query}`,
    );
    report(`${label} (API), ${number(body.total)} contacts`, medianAndWorst(times));
  }
}

/** From the start of the navigation to /contacts until "Showing 25 of N contacts" and a row show. */
async function benchConsole(server: RunningServer) {
  console.log(`Measuring the console in Chromium (${BROWSER_RUNS} fresh navigations)...`);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    for (let run = 1; run <= BROWSER_RUNS; run++) {
      const shown = await openAndWait(
        page,
        `${server.url}/contacts`,
        `The console's contacts list did not show "Showing N of M contacts" and a row`,
        () => {
          const status = [...document.querySelectorAll('[role="status"]')].find((element) =>
            /Showing \d+ of/.test(element.textContent ?? ''),
          );
          const row = document.querySelector('tbody tr');
          return status && row ? { at: performance.now(), text: status.textContent ?? '' } : null;
        },
      );
      const text = shown.text.trim();
      if (!/^Showing \d+ of [\d,]+ contacts$/.test(text))
        throw new Error(`Unexpected list summary: "${text}"`);
      report(`first page (console), run ${run}`, `${ms(shown.at)}  (${text})`);
    }
  } finally {
    await browser.close();
  }
}

await runBench({
  name: 'contacts',
  admin: ADMIN,
  prepare: prepareData,
  measure: async (server, withChromium) => {
    await benchApi(server);
    await withChromium(() => benchConsole(server));
  },
});
