import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { startServer, type RunningServer } from '../helpers/server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';
import { launchChromium, screenshot } from './helpers/browser';
import { signIn } from './helpers/session';

/**
 * The account flow in the browser, over real SMTP: an admin creates a host with a welcome email,
 * the email arrives at a mail server inside the test, its link verifies the address in Chromium,
 * the host sets a password and signs in with it.
 */

const t = messages.contacts;
const ADMIN = { ADMIN_EMAIL: 'ada@example.org', ADMIN_PASSWORD: 'a long admin password' };

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ ...ADMIN, SMTP_URL: smtp.url });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** The verification link of the email to `to`, once it has arrived. */
async function linkSentTo(to: string): Promise<string> {
  const [email] = await smtp.waitFor(1, 30_000);
  expect(email!.envelopeTo).toEqual([to]);
  const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(email!.text);
  if (!link) throw new Error(`no link in the email: ${email!.text}`);
  return link[0];
}

const field = (label: string) => page.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));

describe('a host invited by email', () => {
  it('is created by an admin with a welcome email', async () => {
    await signIn(page, server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    await page.goto(`${server.url}/contacts/create`);
    await field(t.fields.email).fill('hedy.host@example.org');
    await page.getByRole('combobox', { name: t.fields.role }).click();
    await page.getByRole('option', { name: 'Host', exact: true }).click();
    await field(t.fields.firstName).fill('Hedy');
    await field(t.fields.lastName).fill('Host');
    await field(t.fields.password).fill('first-host-pw');
    await field(t.fields.confirmPassword).fill('first-host-pw');
    await page.getByLabel(t.fields.sendWelcomeEmail).check();
    await page.getByRole('button', { name: t.create }).click();
    await page.getByText(/Contact Hedy Host created successfully!/).waitFor();
    await screenshot(page, 'welcome-email-host-created');
  });

  it('verifies the address from the emailed link and sets a password', async () => {
    const link = await linkSentTo('hedy.host@example.org');
    expect(link).toContain('/verify-email?token=');
    await page.getByRole('button', { name: /logout/i }).click();
    await page.waitForURL('**/login');
    await page.goto(link);
    await page.getByText(messages.verifyEmail.success).waitFor();
    await screenshot(page, 'welcome-email-verified');
    await page.waitForURL(/\/set-password\?userId=.+&token=.+/, { timeout: 15_000 });
    await page.getByLabel(messages.setPassword.password, { exact: true }).fill('hedy-new-password');
    await page
      .getByLabel(messages.setPassword.confirmPassword, { exact: true })
      .fill('hedy-new-password');
    await screenshot(page, 'welcome-email-set-password');
    await page.getByRole('button', { name: messages.setPassword.submit }).click();
    await page.getByText(messages.setPassword.success, { exact: true }).waitFor();
    await page.waitForURL('**/login', { timeout: 15_000 });
    await page.getByText(messages.setPassword.successLogin).waitFor();
    await screenshot(page, 'welcome-email-login-banner');
  });

  it('signs the host in with the new password', async () => {
    await signIn(page, server.url, 'hedy.host@example.org', 'hedy-new-password');
    await page.getByText('Hello Hedy').waitFor();
    await screenshot(page, 'welcome-email-host-signed-in');
  });
});
