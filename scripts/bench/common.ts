/**
 * What the benchmarks share (`npm run bench:contacts`, `npm run bench:pods`): they measure speed
 * on a realistic database and PRINT figures, never fail on a slow machine. On each scratch database
 * (embedded, then PostgreSQL: scripts/bench-database.ts) each writes its data with the server's own
 * code, starts the real server on it, times API calls (median and worst of 10 runs after a
 * warm-up) and, when Chromium is installed, the console in the page itself; then it always stops
 * the server, removes the data and prints a summary. It exits 1 only when something fails outright.
 */
import { existsSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { errors, type Page } from 'playwright-core';
import type { Db } from '../../src/server/db/client';
import { loadConfig } from '../../src/server/env';
import { prepareDatabase } from '../../src/server/startup';
import { CHROMIUM_PATH } from '../../tests/e2e/helpers/browser';
import { startServer, type RunningServer } from '../../tests/helpers/server';
import { ensureConsoleBuilt } from '../build-console';
import { ensureServerBuilt } from '../build-server';
import { onEachDatabase, type ScratchDatabase } from '../bench-database';

/** How the server opens a scratch database: its DATA_DIR and DATABASE_URL. */
export type DatabaseEnv = ScratchDatabase['env'];

export const API_RUNS = 10;
export const BROWSER_RUNS = 3;
export const BROWSER_TIMEOUT_MS = 30_000;

export interface Admin {
  ADMIN_EMAIL: string;
  ADMIN_PASSWORD: string;
}

/** The admin the server creates on its first start, signed in as by the benchmark. */
export const benchAdmin = (name: string): Admin => ({
  ADMIN_EMAIL: 'bench@example.org',
  ADMIN_PASSWORD: `bench ${name} 2026`,
});

export const number = (n: number) => n.toLocaleString('en-US');
export const ms = (n: number) => `${n.toFixed(0)} ms`;

const summary: [label: string, figure: string][] = [];
/** Names the database the figures being reported were measured on. */
let reportPrefix = '';
/** Adds a line to the summary printed at the end. */
export const report = (label: string, figure: string) =>
  summary.push([`${reportPrefix}${label}`, figure]);

function printSummary() {
  if (summary.length === 0) return;
  const width = Math.max(56, ...summary.map(([label]) => label.length + 2));
  console.log(
    `\n${summary.map(([label, figure]) => `${label}:`.padEnd(width) + figure).join('\n')}`,
  );
}

export function medianAndWorst(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return `median ${ms(median)}, worst ${ms(sorted.at(-1)!)}`;
}

/** Opens the scratch database as the server would, writes to it, closes it. */
export async function withDatabase<T>(
  env: DatabaseEnv,
  admin: Admin,
  write: (db: Db) => Promise<T>,
): Promise<T> {
  const { database } = await prepareDatabase(loadConfig({ ...env, ...admin }));
  try {
    return await write(database.db);
  } finally {
    await database.close();
  }
}

/** Signs in through the API; the bearer token. */
export async function apiToken(server: RunningServer, admin: Admin): Promise<string> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
  });
  if (!login.ok)
    throw new Error(`Signing in through the API failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

/** A JSON request to the API, failing on an error status. */
export async function callApi<T>(
  server: RunningServer,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** `API_RUNS` timed GETs of `url` after one warm-up; the times and the last answer. */
export async function timeGet<T>(server: RunningServer, token: string, url: string) {
  const times: number[] = [];
  let body: T | undefined;
  for (let run = 0; run <= API_RUNS; run++) {
    const started = performance.now();
    body = await callApi<T>(server, token, 'GET', url);
    if (run > 0) times.push(performance.now() - started); // run 0 is the warm-up
  }
  return { times, body: body! };
}

/** What a page-side condition returns once it holds: the page's `performance.now()` then. */
export interface Seen {
  at: number;
}

/** Runs in the page: it may use only its argument (plain JSON) and the page's globals. */
export type Condition<A, T extends Seen> = (arg: A) => T | null | undefined | false;

/**
 * Waits until `condition`, run in the page on every animation frame (Playwright's own waiting
 * polls every 100 to 500 ms, which would be measured too), returns a value; resolves with it.
 * The condition stamps the value itself with `at: performance.now()`: after a navigation, the time
 * since it started. (Playwright turns a function into page code once; a composed string would be
 * evaluated again on every frame, which the console's Content Security Policy refuses.)
 */
export async function whenInPage<T extends Seen, A>(
  page: Page,
  what: string,
  condition: Condition<A, T>,
  arg?: A,
): Promise<T> {
  try {
    // Any JSON argument will do; Playwright's own typing of it is stricter than needed here.
    const handle = await page.waitForFunction(condition as Condition<unknown, T>, arg, {
      polling: 'raf',
      timeout: BROWSER_TIMEOUT_MS,
    });
    return (await handle.jsonValue()) as T;
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    throw new Error(`${what} within ${BROWSER_TIMEOUT_MS / 1000} s at ${page.url()}`);
  }
}

/** Opens `url` and waits as `whenInPage` does; `at` is then the time since the navigation began. */
export async function openAndWait<T extends Seen, A>(
  page: Page,
  url: string,
  what: string,
  condition: Condition<A, T>,
  arg?: A,
): Promise<T> {
  await page.goto(url, { timeout: BROWSER_TIMEOUT_MS });
  return whenInPage(page, what, condition, arg);
}

export interface Bench {
  /** `contacts` for `npm run bench:contacts`. */
  name: string;
  admin: Admin;
  /** Writes the data into the scratch database; says what it wrote ("20,201 contacts"). */
  prepare: (env: DatabaseEnv) => Promise<string>;
  /** Measures against the running server; `withChromium` runs the console's part if it can. */
  measure: (
    server: RunningServer,
    withChromium: (measureConsole: () => Promise<void>) => Promise<void>,
  ) => Promise<void>;
}

/**
 * On each scratch database (scripts/bench-database.ts), prepares the data, starts the server on it
 * and measures, labelling the figures with the database; always stops the server and removes the
 * database, prints the summary, and exits 1 with a message on failure.
 */
export async function runBench(bench: Bench): Promise<void> {
  let failure: Error | undefined;
  try {
    await ensureServerBuilt();
    const hasChromium = existsSync(CHROMIUM_PATH);
    // The server only serves a console that was built before it started.
    const consoleError = hasChromium
      ? await ensureConsoleBuilt().then(
          () => undefined,
          (error: Error) => error,
        )
      : undefined;
    const withChromium = async (measureConsole: () => Promise<void>) => {
      if (!hasChromium) {
        console.log(
          `No Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH): the console is not measured.`,
        );
      } else if (consoleError) {
        throw new Error(
          `The console could not be built, so it is not measured: ${stripVTControlCharacters(consoleError.message)}`,
        );
      } else {
        await measureConsole();
      }
    };
    await onEachDatabase(bench.name, async (scratch) => {
      reportPrefix = `${scratch.label}: `;
      const prepared = performance.now();
      const what = await bench.prepare(scratch.env);
      const seconds = ((performance.now() - prepared) / 1000).toFixed(1);
      console.log(`${scratch.label}: prepared ${what} in ${seconds} s.`);
      const server = await startServer({ ...scratch.env, ...bench.admin });
      try {
        await bench.measure(server, withChromium);
      } finally {
        await server.stop();
      }
    });
  } catch (error) {
    failure = error as Error;
  }
  printSummary();
  if (failure) {
    console.error(`\nbench:${bench.name} failed: ${failure.message}`);
    process.exit(1);
  }
}
