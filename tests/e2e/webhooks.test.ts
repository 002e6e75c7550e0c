import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { launchChromium, screenshot } from './helpers/browser';
import { signIn } from './helpers/session';

/**
 * An admin adds a webhook endpoint in the console, copies its signing secret once, sends a test
 * event and sees it delivered in the endpoint's log; the endpoint (a local consumer) verifies the
 * request with the `standardwebhooks` package and the copied secret.
 */

const ADMIN = { ADMIN_EMAIL: 'hook@example.org', ADMIN_PASSWORD: 'a webhook-adding password' };
const t = messages.webhooks;

let server: RunningServer;
let receiver: WebhookReceiver;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ ...ADMIN, WEBHOOK_ALLOW_LOOPBACK: 'true' });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  await signIn(page, server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe('webhooks in the console', () => {
  it('adds an endpoint from Profile, shows its secret once, and a test event arrives signed and logged', async () => {
    await page.goto(`${server.url}/profile`);
    await page.getByRole('link', { name: t.manage }).click();
    await page.getByRole('heading', { name: t.title }).waitFor();
    await page.getByText(t.empty).waitFor();

    await page.getByRole('button', { name: t.create }).click();
    const form = page.getByRole('dialog', { name: t.createTitle });
    const url = `${receiver.url}/tidings`;
    await form.getByLabel(t.fields.url).fill(url);
    await form.getByRole('checkbox', { name: 'message.delivered' }).check();
    await form.getByRole('checkbox', { name: 'contact.opted_out' }).check();
    await screenshot(page, 'webhooks-add', { fullPage: false });
    await form.getByRole('button', { name: t.create }).click();

    const shown = page.getByRole('dialog', { name: t.secretTitle });
    const secret = await shown.getByRole('textbox').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shown.getByRole('button', { name: t.copy }).click();
    await page.getByText(t.secretCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: t.done }).click();

    // The list: the endpoint, enabled; its secret nowhere on the page.
    const row = page.getByRole('row', { name: new RegExp(url.replaceAll('.', '\\.')) });
    await row.getByText(t.statuses.enabled).waitFor();
    expect(await page.content()).not.toContain(secret.slice(6));
    await screenshot(page, 'webhooks-list', { fullPage: false });

    await row.click();
    await page.getByRole('button', { name: t.test }).click();
    await page.getByText(t.testSent).waitFor();
    // The worker sends it within a second or so; the log shows it once refreshed.
    const logged = page.getByRole('row', { name: /webhook\.test/ });
    for (
      let tries = 0;
      tries < 40 && !(await logged.getByText(t.log.succeeded).isVisible());
      tries++
    ) {
      await page.waitForTimeout(250);
      await page.getByRole('button', { name: t.log.refresh }).click();
    }
    await logged.getByText(t.log.succeeded).waitFor();
    // The response code's own cell: the row's event id may hold the same digits.
    await logged.getByRole('cell', { name: '204', exact: true }).waitFor();
    await screenshot(page, 'webhooks-detail', { fullPage: true });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.path).toBe('/tidings');
    expect(receiver.verify(request!, secret)).toMatchObject({ type: 'webhook.test' });
  });
});
