import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server';
import { launchChromium, screenshot } from './helpers/browser';
import { signIn } from './helpers/session';

const ADMIN = { ADMIN_EMAIL: 'june@example.org', ADMIN_PASSWORD: 'a long admin password' };

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let page: Page;

/** `npm run seed:demo` into the data directory, as a new user would before starting Tidings. */
async function seedDemo(dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/scripts/seed-demo.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn', ...ADMIN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code] = await once(child, 'exit');
  expect(code, output).toBe(0);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-e2e-overview-'));
  await seedDemo(dataDir);
  server = await startServer({ ...ADMIN, DATA_DIR: dataDir });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
