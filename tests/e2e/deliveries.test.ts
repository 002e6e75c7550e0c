import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { createOneDayProgram, signInToApi } from './helpers/api';
import { screenshot } from './helpers/browser';
import { chooseSchedule } from './helpers/schedule';
import { openConsole } from './helpers/session';

const t = messages.delivery;
const simulated = messages.simulation.statuses;
const ADMIN = { ADMIN_EMAIL: 'ida@example.org', ADMIN_PASSWORD: 'a long admin password' };

const schedule = chooseSchedule();
let server: RunningServer;
let browser: Browser;
let page: Page;
let programId: string;

/** A product, a verified participant in a pod, and a program starting today, through the API. */
async function seedProgram() {
  const staff = await signInToApi(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const { contact } = await staff.call<{ contact: { id: string } }>('POST', '/api/contacts', {
    email: 'june@example.org',
    firstName: 'June',
    lastName: 'Carter',
    phone: '+15035550142',
    role: 'participant',
    status: 'active',
    smsVerified: true,
  });
  return createOneDayProgram(staff, {
    product: 'Morning walks',
    welcome: 'Welcome to Morning walks! Reply STOP to opt out.',
    day: 'Day 1: a ten-minute walk before breakfast.',
    pod: { podId: 'POD-WALKERS', podName: 'Walkers', memberIds: [contact.id] },
    programName: 'Spring walkers',
    ...schedule,
  });
}

beforeAll(async () => {
  server = await startServer({
    ...ADMIN,
    TIDINGS_TEST_CLOCK_OFFSET_MS: String(schedule.clockOffsetMs),
    NODE_ENV: 'test',
  });
  programId = await seedProgram();
  ({ browser, page } = await openConsole(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Waits for a locator, reloading the page between looks: the engine may plan the day a moment
 * after the page was opened.
 */
async function waitWithReloads(find: () => ReturnType<Page['getByRole']>, timeoutMs = 180_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await find().waitFor({ timeout: 6_000 });
      return find();
    } catch (error) {
      if (Date.now() > end) throw error;
      await page.reload();
    }
  }
}

describe('the delivery engine, seen in the console', () => {
  it('sends day 0 to the verified participant and shows it sent, then delivered', async () => {
    await page.goto(`${server.url}/programs/edit/${programId}`);
    const panel = () => page.getByRole('region', { name: t.panel.title });
    await waitWithReloads(() =>
      panel().getByText('1 of 1 participant in its pods will receive messages.'),
    );
    // The log provider reports delivery a second after the send; the panel refreshes itself. It
    // is a simulation, and every status it made says so.
    const delivered = await waitWithReloads(() =>
      panel().getByRole('link', { name: `${simulated.delivered}: 1` }),
    );
    await screenshot(page, 'deliveries-panel');

    await delivered.click();
    await page.waitForURL('**/messages**');
    const row = page.getByRole('row').filter({ hasText: 'June Carter' });
    await row.waitFor();
    expect(await row.textContent()).toContain(simulated.delivered);
    expect(await row.textContent()).toContain('Spring walkers');
    await screenshot(page, 'messages-list-delivered');

    await row.getByText('June Carter').click();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}/);
    await page.getByText('Welcome to Morning walks! Reply STOP to opt out.').waitFor();
    const history = page.getByRole('table', { name: t.historyTitle });
    await history.waitFor();
    const text = (await history.textContent()) ?? '';
    // Its whole life: planned, claimed, handed to the (simulated) provider, reported delivered.
    for (const status of [
      t.statuses.queued,
      t.statuses.sending,
      simulated.sent,
      simulated.delivered,
    ]) {
      expect(text).toContain(status);
    }
    await screenshot(page, 'message-detail-history');
  });
});
