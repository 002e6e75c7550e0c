import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_BYTES, initialJs } from '../../scripts/initial-js';
import { messages } from '../../src/shared/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { launchChromium } from './helpers/browser';
import { signIn } from './helpers/session';

// This layer's global setup builds the console into dist/console (tests/e2e/setup/global.ts).
const consoleDir = path.resolve(import.meta.dirname, '../../dist/console');
const ADMIN = { ADMIN_EMAIL: 'grace@example.org', ADMIN_PASSWORD: 'a long admin password' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer(ADMIN);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the console's first page", () => {
  it('fetches at most 274 KB of JavaScript (gzip) before it can show anything', async () => {
    const js = await initialJs(consoleDir);
    expect(js.files.length).toBeGreaterThan(0);
    expect(js.gzip).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });

  it('opens the sign-in page, the dashboard and a deep link typed in the address bar', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(`${server.url}/contacts/create`);
    await page.waitForURL('**/login');
    await signIn(page, server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/^Hello /);

    await page.goto(`${server.url}/contacts/create`);
    await page.getByRole('heading', { name: messages.contacts.createTitle }).waitFor();
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
