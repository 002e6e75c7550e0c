/**
 * `npm run bench:start`: how fast Tidings starts on the embedded database and what it costs.
 * Prints the console build time, the time from launch to the first page (on a new, empty database
 * and again on the existing one), the size of the JavaScript the first page loads, and the server's
 * memory when idle.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtProgram, freePort } from '../tests/helpers/server';
import { ensureConsoleBuilt } from './build-console';
import { ensureServerBuilt } from './build-server';
import { INITIAL_JS_BUDGET_BYTES, initialJs } from './initial-js';

/** Tidings' targets on a two-core machine: a restart serves its first page within 1.5 s, ... */
const TARGET_FIRST_PAGE_MS = 1500;
/** ... and a server on the embedded database waits, idle, in under 280 MB. */
const TARGET_IDLE_RSS_MB = 280;
const target = (met: boolean, limit: string) => `   (target ${limit}: ${met ? 'met' : 'NOT met'})`;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timeToFirstPage(dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, builtProgram('main'), {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const response = await fetch(url, { headers: { accept: 'text/html' } }).catch(() => null);
    if (response?.ok && (await response.text()).includes('id="root"')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { ms: performance.now() - started, child };
}

async function idleRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

const buildStarted = performance.now();
await ensureConsoleBuilt({ force: true });
console.log(`console build:                 ${seconds(performance.now() - buildStarted)}`);
const serverBuildStarted = performance.now();
await ensureServerBuilt({ force: true });
console.log(`server build:                  ${seconds(performance.now() - serverBuildStarted)}`);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-bench-'));
try {
  // The same data directory twice: first empty (the database is created), then as left.
  for (const database of ['new database', 'existing database']) {
    const run = await timeToFirstPage(dataDir);
    const existing = database === 'existing database';
    console.log(
      `first page, ${database}:`.padEnd(31) +
        seconds(run.ms) +
        (existing ? target(run.ms <= TARGET_FIRST_PAGE_MS, seconds(TARGET_FIRST_PAGE_MS)) : ''),
    );
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const rss = await idleRssMb(run.child.pid!);
    console.log(
      `  memory at idle (RSS):`.padEnd(31) +
        `${rss.toFixed(0)} MB` +
        target(rss <= TARGET_IDLE_RSS_MB, `${TARGET_IDLE_RSS_MB} MB`),
    );
    run.child.kill('SIGTERM');
    await once(run.child, 'exit');
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const js = await initialJs(path.join(root, 'dist/console'));
console.log(
  `initial JavaScript:            ${(js.gzip / 1024).toFixed(0)} KB gzip, ${(js.brotli / 1024).toFixed(0)} KB brotli as served ` +
    `(${(js.raw / 1024).toFixed(0)} KB, ${js.files.length} file(s)); ` +
    `budget ${INITIAL_JS_BUDGET_BYTES / 1024} KB gzip`,
);
// Per file, largest first: where a change to the first page's weight shows.
for (const f of [...js.files].sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${f.file.padEnd(58)} ${String(f.gzip).padStart(7)} B gzip`);
}
