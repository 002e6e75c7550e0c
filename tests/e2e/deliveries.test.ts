import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { launchChromium, screenshot } from './helpers/browser';
import { chooseSchedule } from './helpers/schedule';
import { signIn } from './helpers/session';

const t = messages.delivery;
const simulated = messages.simulation.statuses;
const ADMIN = { ADMIN_EMAIL: 'ida@example.org', ADMIN_PASSWORD: 'a long admin password' };

const schedule = chooseSchedule();
let server: RunningServer;
let browser: Browser;
let page: Page;
let programId: string;

async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

/** A product, a verified participant in a pod, and a program starting today, through the API. */
async function seedProgram() {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const message = (text: string) => ({ text, links: [], media: null, fallbackUrl: '' });
  const product = (await api('POST', '/api/products', token, {
    name: 'Morning walks',
    days: 1,
    preMessage: message('Welcome to Morning walks! Reply STOP to opt out.'),
    messages: [message('Day 1: a ten-minute walk before breakfast.')],
    conclusionMessage: message('That was Morning walks. Thank you!'),
  })) as { data: { id: string } };
  const { contact } = (await api('POST', '/api/contacts', token, {
    email: 'june@example.org',
    firstName: 'June',
    lastName: 'Carter',
    phone: '+15035550142',
    role: 'participant',
    status: 'active',
    smsVerified: true,
  })) as { contact: { id: string } };
  const { pod } = (await api('POST', '/api/pods', token, {
    podId: 'POD-WALKERS',
    podName: 'Walkers',
    members: [{ userId: contact.id, role: 'participant' }],
  })) as { pod: { id: string } };
  const program = (await api('POST', '/api/programs', token, {
    programName: 'Spring walkers',
    productId: product.data.id,
    offering: 'Standard',
    timeZone: schedule.timeZone,
    podIds: [pod.id],
    startDate: schedule.startDate,
    sendTime: schedule.sendTime,
  })) as { id: string };
  return program.id;
}

beforeAll(async () => {
  server = await startServer({
    ...ADMIN,
    TIDINGS_TEST_CLOCK_OFFSET_MS: String(schedule.clockOffsetMs),
    NODE_ENV: 'test',
  });
  programId = await seedProgram();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signIn(page, server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
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
