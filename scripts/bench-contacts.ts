/// <reference lib="dom" /> (the page-side check below runs in Chromium)
/**
 * `npm run bench:contacts`: how fast the contacts list answers on a realistic database. The aim:
 * with `npm run seed:demo` plus 20,000 generated contacts, the console's contacts list shows its
 * first page in under a second. Prints figures, never fails on a slow machine: the API's
 * list queries (first page, search, filters, another sort, a deep page), median and worst of 10 runs
 * after a warm-up; then, when Chromium is installed, the time from opening /contacts in the console
 * until its first page is on screen. Runs on the embedded database in a temporary DATA_DIR.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { count } from 'drizzle-orm';
import { users } from '../src/server/db/schema';
import { loadConfig } from '../src/server/env';
import { seedDemo } from '../src/server/services/demo-data';
import { prepareDatabase } from '../src/server/startup';
import { insertBulkContacts } from '../tests/api/helpers/bulk';
import { CHROMIUM_PATH, launchChromium } from '../tests/e2e/helpers/browser';
import { signIn } from '../tests/e2e/helpers/session';
import { startServer, type RunningServer } from '../tests/helpers/server';
import { ensureConsoleBuilt } from './build-console';

const ADMIN = { ADMIN_EMAIL: 'bench@example.org', ADMIN_PASSWORD: 'bench contacts 2026' };
const GENERATED = 20_000;
const API_RUNS = 10;
const BROWSER_RUNS = 3;
const BROWSER_TIMEOUT_MS = 30_000;
const PAGE = 'perPage=25&sort=createdAt&order=desc';
const API_QUERIES: [label: string, query: string][] = [
  ['first page', `page=1&${PAGE}`],
  ['search q=maria', `page=1&${PAGE}&q=maria`],
  ['filters participant+active', `page=1&${PAGE}&role=participant&status=active`],
  ['sorted by name', 'page=1&perPage=25&sort=fullName&order=asc'],
  ['deep page 400', `page=400&${PAGE}`],
];

const number = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(0)} ms`;
const summary: string[] = [];
const report = (label: string, figure: string) => summary.push(`${label}:`.padEnd(56) + figure);

function medianAndWorst(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return `median ${ms(median)}, worst ${ms(sorted.at(-1)!)}`;
}

/** The demo data plus 20,000 generated contacts, written with the server's own code. */
async function prepareData(dataDir: string): Promise<number> {
  const config = loadConfig({ DATA_DIR: dataDir, ...ADMIN });
  const { database } = await prepareDatabase(config);
  try {
    await seedDemo(database.db);
    await insertBulkContacts(database.db, GENERATED);
    const [row] = await database.db.select({ total: count() }).from(users);
    return row!.total;
  } finally {
    await database.close();
  }
}

async function benchApi(server: RunningServer) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  if (!login.ok)
    throw new Error(`Signing in through the API failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  for (const [label, query] of API_QUERIES) {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run <= API_RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/contacts?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { contacts: unknown[]; total: number };
      if (!response.ok)
        throw new Error(`GET /api/contacts?${query}: ${response.status} ${JSON.stringify(body)}`);
      if (run > 0) times.push(performance.now() - started); // run 0 is the warm-up
      total = body.total;
    }
    report(`${label} (API), ${number(total)} contacts`, medianAndWorst(times));
  }
}

/**
 * From the start of the navigation to /contacts until "Showing 25 of N contacts" and a data row
 * are on screen, read in the page on every animation frame (Playwright's own waiting polls every
 * 100 to 500 ms, which would be measured too).
 */
async function benchConsole(server: RunningServer) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    for (let run = 1; run <= BROWSER_RUNS; run++) {
      let shown: { ms: number; text: string };
      try {
        await page.goto(`${server.url}/contacts`, { timeout: BROWSER_TIMEOUT_MS });
        const handle = await page.waitForFunction(
          () => {
            const status = [...document.querySelectorAll('[role="status"]')].find((element) =>
              /Showing \d+ of/.test(element.textContent ?? ''),
            );
            const row = document.querySelector('tbody tr');
            return status && row ? { ms: performance.now(), text: status.textContent ?? '' } : null;
          },
          undefined,
          { polling: 'raf', timeout: BROWSER_TIMEOUT_MS },
        );
        shown = (await handle.jsonValue())!;
      } catch {
        throw new Error(
          `The console's contacts list did not show "Showing N of M contacts" and a row within ` +
            `${BROWSER_TIMEOUT_MS / 1000} s at ${server.url}/contacts`,
        );
      }
      const text = shown.text.trim();
      if (!/^Showing \d+ of [\d,]+ contacts$/.test(text))
        throw new Error(`Unexpected list summary: "${text}"`);
      report(`first page (console), run ${run}`, `${ms(shown.ms)}  (${text})`);
    }
  } finally {
    await browser.close();
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-bench-contacts-'));
let server: RunningServer | undefined;
let failure: Error | undefined;
try {
  const hasChromium = existsSync(CHROMIUM_PATH);
  // The server only serves a console that was built before it started.
  const consoleError = hasChromium
    ? await ensureConsoleBuilt().then(
        () => undefined,
        (error: Error) => error,
      )
    : undefined;
  const prepared = performance.now();
  const contacts = await prepareData(dataDir);
  console.log(
    `Prepared ${number(contacts)} contacts (demo data + ${number(GENERATED)}) in ${((performance.now() - prepared) / 1000).toFixed(1)} s.`,
  );
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', ...ADMIN });
  console.log(`Measuring the API at ${server.url} (${API_RUNS} runs after a warm-up)...`);
  await benchApi(server);
  if (!hasChromium) {
    console.log(
      `No Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH): the console is not measured.`,
    );
  } else if (consoleError) {
    throw new Error(
      `The console could not be built, so it is not measured: ${stripVTControlCharacters(consoleError.message)}`,
    );
  } else {
    console.log(`Measuring the console in Chromium (${BROWSER_RUNS} fresh navigations)...`);
    await benchConsole(server);
  }
} catch (error) {
  failure = error as Error;
} finally {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
if (summary.length > 0) console.log(`\n${summary.join('\n')}`);
if (failure) {
  console.error(`\nbench:contacts failed: ${failure.message}`);
  process.exit(1);
}
