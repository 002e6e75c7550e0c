import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { copyNewDatabaseInto } from '../helpers/pglite-template';
import { startServer, type RunningServer } from '../helpers/server';
import { launchChromium, screenshot } from './helpers/browser';
import { seedDemo } from './helpers/demo';
import { signIn } from './helpers/session';

const ADMIN = { ADMIN_EMAIL: 'june@example.org', ADMIN_PASSWORD: 'a long admin password' };

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let page: Page;
/** A session opened before the browser's, as on another computer: Profile ends it. */
let otherToken: string;

async function signInThroughApi(): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const sessionValid = async (token: string) =>
  (await fetch(`${server.url}/api/auth/verify`, { headers: { authorization: `Bearer ${token}` } }))
    .status === 200;

const nav = (name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true }).first();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-e2e-overview-'));
  // The new database a first start would make, without the initdb (tested elsewhere).
  await copyNewDatabaseInto(dataDir);
  await seedDemo(dataDir, ADMIN);
  server = await startServer({ ...ADMIN, DATA_DIR: dataDir });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  // The chart draws at once rather than animating its lines in, so the screenshot shows them.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  otherToken = await signInThroughApi();
  await signIn(page, server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the overview screens on the demo data', () => {
  it("shows today's figures, running programs and recent failures on the dashboard", async () => {
    const today = page.getByRole('region', { name: messages.dashboard.today.title });
    // SMS is simulated here (SMS_PROVIDER=log), and the figure says so.
    await today.getByRole('link', { name: /^Sent today \(simulated\) \d/ }).waitFor();
    await expect(today.getByRole('link', { name: /^Failed today \d/ }).count()).resolves.toBe(1);
    // Of the demo's two started programs, one is running (the other has completed).
    await page
      .getByRole('link', { name: /Spring Wellness Cohort/ })
      .first()
      .waitFor();
    // Failures carry the provider's reason in words.
    const failures = page.getByRole('link', {
      name: /Unreachable handset|Filtered by the carrier|Landline|Not a mobile number/,
    });
    await failures.first().waitFor();
    await screenshot(page, 'overview-dashboard');

    await failures.first().click();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
  });

  it('counts the last 30 days on Analytics and exports the per-program table', async () => {
    await nav(messages.nav.analytics).click();
    await page.waitForURL(/\/analytics/);
    const programs = page.getByRole('table', { name: messages.analytics.programs.title });
    await programs.getByRole('link', { name: 'Hydration at Work' }).waitFor();
    await programs.getByRole('link', { name: 'Spring Wellness Cohort' }).waitFor();
    const delivered = page.getByRole('group', { name: messages.analytics.cards.delivered });
    expect(await delivered.textContent()).toMatch(/[1-9]\d*/);
    await page.getByRole('img', { name: /Line chart of the messages/ }).waitFor();
    await page
      .getByRole('table', { name: messages.analytics.failures.title })
      .getByText(/Unreachable handset|Filtered by the carrier|Landline|Not a mobile number/)
      .first()
      .waitFor();
    await screenshot(page, 'overview-analytics');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: messages.analytics.programs.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-programs-\d{4}-\d{2}-\d{2}-to-/);
    const file = await download.path();
    const csv = await (await import('node:fs/promises')).readFile(file, 'utf8');
    expect(csv).toContain('Hydration at Work');
    expect(csv).toContain('Spring Wellness Cohort');
  });

  it('shows the previous sign-in, renames, and signs out everywhere else on Profile', async () => {
    await nav(messages.nav.profile).click();
    await page.waitForURL(/\/profile$/);
    // The sign-in before this browser's was the API's: Profile shows that one, not "none".
    await page.getByRole('heading', { name: messages.profile.detailsTitle }).waitFor();
    await expect(page.getByText(messages.profile.firstSignIn).count()).resolves.toBe(0);
    const sessions = page.getByRole('list', { name: messages.profile.sessions.title });
    await sessions.getByText(messages.profile.sessions.thisDevice).waitFor();
    await expect(sessions.getByRole('listitem').count()).resolves.toBe(2);

    await page.getByLabel(messages.profile.firstName).fill('Juniper');
    await page.getByRole('button', { name: messages.profile.saveName }).click();
    await page.getByText(messages.profile.nameSaved).waitFor();
    await screenshot(page, 'overview-profile');

    await page.getByRole('button', { name: messages.profile.sessions.signOutOthers }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /confirm|sign out/i })
      .click();
    await page.getByText(messages.profile.sessions.onlyThisDevice).waitFor();
    expect(await sessionValid(otherToken)).toBe(false);

    await nav(messages.nav.dashboard).click();
    await page.getByRole('heading', { name: 'Hello Juniper' }).waitFor();
  });

  it('explains Tidings on Help with the limits of the code and links to the screens', async () => {
    await nav(messages.nav.help).click();
    await page.waitForURL(/\/help$/);
    await page.getByRole('heading', { name: 'Products: the message series' }).waitFor();
    await page.getByText(`at most ${LIMITS.messageText} characters`).first().waitFor();
    await screenshot(page, 'overview-help');
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Programs', exact: true })
      .first()
      .click();
    await page.waitForURL(/\/programs$/);
  });
});
